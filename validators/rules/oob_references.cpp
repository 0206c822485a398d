#include "rule_base.hpp"

namespace sandtable::rules {
namespace {

// The reader refuses dangling references; edits (deleting a brigade by hand in a script) can still
// make them, and every other rule relies on them.
class OobReferences final : public RuleBase {
public:
    OobReferences()
        : RuleBase({"oob.references", "References in the order of battle resolve",
                    "hexed-general-2012-blog.txt, A. Basics: \"Each corps consists of a General (Corps Commander), a wagon "
                    "... and as many Divisions as is appropriate\": every piece belongs to the command tree",
                    Severity::Error, Granularity::Whole, OrderChanged | PlacementsChanged, 0, {}}) {}

    void check(const ValidationContext& ctx, const RuleParams&, const Scope&, Findings& out) const override {
        const Scenario& s = ctx.scenario();
        for (const auto& [id, unit] : s.oob.units) {
            if (s.oob.find(unit.parent) == nullptr) {
                out.add({}, {PieceRef::unit(id)}, unit.name + " belongs to headquarters " + std::to_string(unit.parent.value) + ", which does not exist");
            }
        }
        for (const auto& [id, hq] : s.oob.headquarters) {
            if (hq.parent.valid() && s.oob.find(hq.parent) == nullptr) {
                out.add({}, {PieceRef::commander(id)}, hq.name + " is under headquarters " + std::to_string(hq.parent.value) + ", which does not exist");
            }
        }
        for (const auto& [id, train] : s.oob.trains) {
            if (s.oob.find(train.corps) == nullptr) {
                out.add({}, {PieceRef::train(id)}, ctx.describe(PieceRef::train(id)) + " belongs to a corps that does not exist");
            }
        }
        auto exists = [&](PieceRef p) {
            switch (p.kind) {
            case PieceKind::Unit: return s.oob.units.contains(UnitId{p.id});
            case PieceKind::Commander: return s.oob.headquarters.contains(HeadquartersId{p.id});
            case PieceKind::Train: return s.oob.trains.contains(TrainId{p.id});
            }
            return false;
        };
        for (const auto& [piece, pl] : s.deployment.placements) {
            if (!exists(piece)) {
                out.add(pl.cells, {piece}, std::string(enumName(piece.kind)) + ":" + std::to_string(piece.id) + " is placed but is not in the order of battle");
            }
        }
        for (const auto& [piece, r] : s.deployment.reinforcements) {
            if (!exists(piece)) {
                out.add({r.entry}, {piece}, std::string(enumName(piece.kind)) + ":" + std::to_string(piece.id) + " arrives but is not in the order of battle");
            }
        }
    }
};

} // namespace

std::unique_ptr<Rule> makeOobReferences() { return std::make_unique<OobReferences>(); }

} // namespace sandtable::rules
