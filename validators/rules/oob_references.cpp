#include "rule_base.hpp"

namespace sandtable::rules {
namespace {

// The reader refuses dangling references; edits (deleting a brigade by hand in a script) can still
// make them, and every other rule relies on them.
class OobReferences final : public RuleBase {
  public:
    OobReferences()
        : RuleBase({"oob.references",
                    "References in the order of battle resolve",
                    "hexed-general-2012-blog.txt, A. Basics: \"Each corps consists of a General (Corps "
                    "Commander), a wagon "
                    "... and as many Divisions as is appropriate\": every piece belongs to the command tree",
                    Severity::Error,
                    Granularity::PerPiece,
                    OrderChanged | PlacementsChanged,
                    OrderChanged | PlacementsChanged,
                    {}}) {}

    void check(const ValidationContext& ctx, const RuleParams&, const Scope& scope,
               Findings& out) const override {
        const Scenario& s = ctx.scenario();
        if (!scope.all) {
            for (PieceRef p : scope.pieces) {
                checkPiece(ctx, p, out);
            }
            return;
        }
        forEachUnitOfTheBattle(ctx,
                               [&](UnitId id, const Unit&) { checkPiece(ctx, PieceRef::unit(id), out); });
        for (const auto& [id, hq] : s.oob.headquarters) {
            checkPiece(ctx, PieceRef::commander(id), out);
        }
        for (const auto& [id, train] : s.oob.trains) {
            checkPiece(ctx, PieceRef::train(id), out);
        }
        // Placed or arriving pieces that are in no order of battle.
        forEachPlacement(ctx, [&](PieceRef piece, const Placement&) {
            if (!exists(ctx, piece)) {
                checkPiece(ctx, piece, out);
            }
        });
        for (const auto& [piece, r] : s.deployment.reinforcements) {
            if (!exists(ctx, piece) && ctx.placement(piece) == nullptr) {
                checkPiece(ctx, piece, out);
            }
        }
    }

  private:
    static bool exists(const ValidationContext& ctx, PieceRef p) {
        switch (p.kind) {
        case PieceKind::Unit:
            return ctx.unit(p) != nullptr;
        case PieceKind::Commander:
            return ctx.headquarters(HeadquartersId{p.id}) != nullptr;
        case PieceKind::Train:
            return ctx.scenario().oob.trains.contains(TrainId{p.id});
        }
        return false;
    }

    // Every finding about one piece, that piece first.
    static void checkPiece(const ValidationContext& ctx, PieceRef p, Findings& out) {
        const Scenario& s = ctx.scenario();
        if (!exists(ctx, p)) {
            const std::string name = std::string(enumName(p.kind)) + ":" + std::to_string(p.id);
            if (const Placement* pl = ctx.placement(p)) {
                out.add(pl->cells, {p}, name + " is placed but is not in the order of battle");
            } else if (auto it = s.deployment.reinforcements.find(p);
                       it != s.deployment.reinforcements.end()) {
                out.add({it->second.entry}, {p}, name + " arrives but is not in the order of battle");
            }
            return;
        }
        if (p.kind == PieceKind::Unit) {
            const Unit& unit = *ctx.unit(p);
            if (ctx.headquarters(unit.parent) == nullptr) {
                out.add({}, {p},
                        unit.name + " belongs to headquarters " + std::to_string(unit.parent.value) +
                            ", which does not exist");
            }
        } else if (p.kind == PieceKind::Commander) {
            const Headquarters& hq = *ctx.headquarters(HeadquartersId{p.id});
            if (hq.parent.valid() && ctx.headquarters(hq.parent) == nullptr) {
                out.add({}, {p},
                        hq.name + " is under headquarters " + std::to_string(hq.parent.value) +
                            ", which does not exist");
            }
        } else if (ctx.headquarters(s.oob.trains.at(TrainId{p.id}).corps) == nullptr) {
            out.add({}, {p}, ctx.describe(p) + " belongs to a corps that does not exist");
        }
    }
};

} // namespace

std::unique_ptr<Rule> makeOobReferences() {
    return std::make_unique<OobReferences>();
}

} // namespace sandtable::rules
