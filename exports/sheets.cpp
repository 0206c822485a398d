#include "exports/sheets.hpp"

#include "model/battle.hpp"
#include "model/file_names.hpp"
#include "model/scenario_summary.hpp"
#include "render/counters.hpp"
#include "render/map_painter.hpp"
#include "render/text.hpp"

#include <cairo-pdf.h>
#include <cairo.h>

#include <algorithm>
#include <functional>
#include <memory>
#include <sstream>
#include <tuple>

namespace sandtable {
namespace {

// A PDF being written: pages, a cursor, wrapped text; renamed into place only when finished.
class Document {
  public:
    Document(const std::filesystem::path& file, const PrintOptions& o)
        : file_(file), o_(o), w_(o.landscape ? o.paper.heightPt : o.paper.widthPt),
          h_(o.landscape ? o.paper.widthPt : o.paper.heightPt) {
        surface_ = cairo_pdf_surface_create(utf8(file_).c_str(), w_, h_);
        cr_ = cairo_create(surface_);
        y_ = o_.marginPt;
        font(9);
    }
    ~Document() {
        writer_.reset();
        if (cr_ != nullptr) {
            cairo_destroy(cr_);
            cairo_surface_destroy(surface_);
        }
    }
    cairo_t* cr() const { return cr_; }
    double width() const { return w_; }
    double height() const { return h_; }
    double left() const { return o_.marginPt; }
    double right() const { return w_ - o_.marginPt; }
    double& y() { return y_; }
    int pages() const { return pages_; }

    void newPage() {
        cairo_show_page(cr_);
        ++pages_;
        y_ = o_.marginPt;
    }
    // Makes room for `height` points, starting a new page when needed.
    void need(double height) {
        if (y_ + height > h_ - o_.marginPt) {
            newPage();
        }
    }
    void font(double size, bool bold = false) {
        writer_ = std::make_unique<TextWriter>(cr_, Font{size, bold});
        size_ = size;
    }
    // A line with its baseline at y.
    void textAt(double x, double y, const std::string& t) {
        cairo_set_source_rgb(cr_, 0, 0, 0);
        writer_->drawOnBaseline(x, y, t);
    }
    // A paragraph wrapped at the margins (blank lines kept).
    void paragraph(const std::string& text, double indent = 0) {
        std::istringstream lines(text);
        for (std::string line; std::getline(lines, line);) {
            std::istringstream words(line);
            std::string current;
            auto flush = [&] {
                need(size_ * 1.35);
                y_ += size_ * 1.35;
                textAt(left() + indent, y_, current);
                current.clear();
            };
            for (std::string word; words >> word;) {
                const std::string candidate = current.empty() ? word : current + " " + word;
                if (writer_->measure(candidate).width > right() - left() - indent && !current.empty()) {
                    flush();
                    current = word;
                } else {
                    current = candidate;
                }
            }
            flush();
        }
    }
    void heading(const std::string& t, double size = 13) {
        need(size * 3);
        y_ += size * 1.6;
        font(size, true);
        textAt(left(), y_, t);
        y_ += size * 0.4;
        font(9);
    }
    std::expected<int, std::string> finish() {
        cairo_show_page(cr_);
        ++pages_;
        writer_.reset();
        cairo_destroy(cr_);
        cr_ = nullptr;
        cairo_surface_finish(surface_);
        const bool ok = cairo_surface_status(surface_) == CAIRO_STATUS_SUCCESS;
        cairo_surface_destroy(surface_);
        if (!ok) {
            return std::unexpected(file_.string() + ": cannot write the PDF");
        }
        return pages_;
    }

  private:
    std::filesystem::path file_;
    PrintOptions o_;
    double w_, h_;
    cairo_surface_t* surface_ = nullptr;
    cairo_t* cr_ = nullptr;
    double y_ = 0, size_ = 9;
    std::unique_ptr<TextWriter> writer_; // the current font
    int pages_ = 0;
};

// Units in order-of-battle order: each headquarters, then its units, depth first.
void walk(const OrderOfBattle::Subordinates& under, HeadquartersId hq, int depth,
          const std::function<void(HeadquartersId, int)>& onHq,
          const std::function<void(UnitId, int)>& onUnit) {
    onHq(hq, depth);
    if (auto it = under.units.find(hq); it != under.units.end()) {
        for (UnitId u : it->second) {
            onUnit(u, depth + 1);
        }
    }
    if (auto it = under.headquarters.find(hq); it != under.headquarters.end()) {
        for (HeadquartersId child : it->second) {
            walk(under, child, depth + 1, onHq, onUnit);
        }
    }
}

// Every army of a side, walked as above.
void walkSide(const OrderOfBattle& oob, Side side, const std::function<void(HeadquartersId, int)>& onHq,
              const std::function<void(UnitId, int)>& onUnit) {
    const OrderOfBattle::Subordinates under = oob.subordinates(); // once: children() walks everything
    for (const auto& [id, hq] : oob.headquarters) {
        if (hq.side == side && !hq.parent.valid()) {
            walk(under, id, 0, onHq, onUnit);
        }
    }
}

std::string weaponOf(const Unit& u) {
    return u.arm == Arm::Artillery || u.arm == Arm::HeavyArtillery ? std::string(enumName(u.gun))
                                                                   : std::string(enumName(u.weapon));
}

// One PDF written to `out`: `draw` fills the pages; the page count, or what went wrong.
std::expected<int, std::string> writeDocument(const std::filesystem::path& out, const PrintOptions& o,
                                              const std::function<void(Document&)>& draw) {
    Document d(out, o);
    draw(d);
    return d.finish();
}

} // namespace

std::expected<int, std::string> printRosters(const Scenario& s, const std::filesystem::path& out,
                                             const PrintOptions& o) {
    return writeDocument(out, o, [&](Document& d) {
        bool firstSide = true;
        for (Side side : {Side::Union, Side::Confederate}) {
            if (!firstSide) {
                d.newPage();
            }
            firstSide = false;
            d.heading(s.info.title + ": " + s.info.sideNames[sideIndex(side)] + " roster", 14);
            const double cols[] = {0, 34, 216, 286, 380, 416, 472};
            auto header = [&] {
                d.font(8, true);
                d.y() += 14;
                const char* names[] = {"No.", "Unit", "Quality", "Weapon", "Stands", "Men/guns", "Hits"};
                for (int i = 0; i < 7; ++i) {
                    d.textAt(d.left() + cols[i], d.y(), names[i]);
                }
                d.font(8);
            };
            header();
            walkSide(
                s.oob, side,
                [&](HeadquartersId h, int depth) {
                    if (!takesPart(s, PieceRef::commander(h))) {
                        return; // a force the scenario leaves out
                    }
                    d.need(16);
                    d.y() += 13;
                    const Headquarters& x = s.oob.headquarters.at(h);
                    d.font(8, true);
                    d.textAt(d.left() + depth * 8, d.y(),
                             x.name + (x.commander.empty() ? "" : "  (" + x.commander + ")"));
                    d.font(8);
                },
                [&](UnitId uid, int) {
                    if (!takesPart(s, PieceRef::unit(uid))) {
                        return;
                    }
                    const Unit& u = s.oob.units.at(uid);
                    const StrengthNow& now = strengthOf(s, uid);
                    d.need(14);
                    d.y() += 12;
                    const double y = d.y();
                    d.textAt(d.left() + cols[0], y, u.roster ? std::to_string(u.roster) : "");
                    d.textAt(d.left() + cols[1], y, u.name.substr(0, 38));
                    d.textAt(d.left() + cols[2], y, std::string(enumName(u.quality)));
                    d.textAt(d.left() + cols[3], y, weaponOf(u));
                    // At the scenario's start: losses so far taken off.
                    d.textAt(d.left() + cols[4], y, std::to_string(standsNow(u, now)));
                    d.textAt(d.left() + cols[5], y, std::to_string(strengthNow(u, now)));
                    // Hit boxes to tick during play.
                    cairo_set_line_width(d.cr(), 0.6);
                    for (int k = 0; k < 8; ++k) {
                        cairo_rectangle(d.cr(), d.left() + cols[6] + k * 10, y - 7, 8, 8);
                    }
                    cairo_stroke(d.cr());
                });
        }
    });
}

namespace {

// The current scenario's pages: who takes part, where each piece starts (side by side, in
// order-of-battle order), when and where the others arrive, then the scenario's text.
void scenarioPages(Document& d, const Scenario& s) {
    const ScenarioInfo& info = s.info;
    if (s.deployment.forces) {
        std::string names;
        for (HeadquartersId hq : *s.deployment.forces) {
            if (s.oob.headquarters.contains(hq)) {
                const Headquarters& h = s.oob.headquarters.at(hq);
                names += (names.empty() ? "" : "; ") + h.name +
                         (h.commander.empty() ? "" : " (" + h.commander + ")");
            }
        }
        d.heading("Forces taking part");
        d.paragraph(names + ", each with all under it. The rest of the order of battle takes no part.");
    }
    auto section = [&](const std::string& title, const std::string& text) {
        if (!text.empty()) {
            d.heading(title);
            d.paragraph(text);
        }
    };
    section("Set-up notes", info.setupNotes);
    for (Side side : {Side::Union, Side::Confederate}) {
        std::vector<std::string> lines;
        auto placed = [&](PieceRef piece) {
            const auto at = s.deployment.placements.find(piece);
            if (at == s.deployment.placements.end()) {
                return;
            }
            std::string cells;
            for (Offset c : at->second.cells) {
                cells += (cells.empty() ? "" : "-") + s.map.grid.label(c);
            }
            lines.push_back(cells + "   " + pieceAtStart(s, piece, true));
        };
        walkSide(
            s.oob, side, [&](HeadquartersId h, int) { placed(PieceRef::commander(h)); },
            [&](UnitId u, int) { placed(PieceRef::unit(u)); });
        for (const auto& [id, train] : s.oob.trains) {
            if (s.oob.sideOf(train.corps) == side) {
                placed(PieceRef::train(id));
            }
        }
        if (!lines.empty()) {
            d.heading("Set-up: " + info.sideNames[sideIndex(side)]);
            for (const std::string& line : lines) {
                d.paragraph(line);
            }
        }
    }
    if (!s.deployment.reinforcements.empty()) {
        // The schedule in the order of play: by turn, then entry.
        std::vector<std::pair<PieceRef, Reinforcement>> schedule(s.deployment.reinforcements.begin(),
                                                                 s.deployment.reinforcements.end());
        std::stable_sort(schedule.begin(), schedule.end(), [](const auto& a, const auto& b) {
            return std::tie(a.second.turn, a.second.entry) < std::tie(b.second.turn, b.second.entry);
        });
        d.heading("Reinforcements");
        const std::vector<TurnTime> times = turnTimes(info);
        for (const auto& [piece, r] : schedule) {
            d.paragraph(turnName(info, times, r.turn) + " at " + s.map.grid.label(r.entry) + ": " +
                        info.sideNames[sideIndex(sideOf(s.oob, piece).value_or(Side::Union))] + ", " +
                        pieceAtStart(s, piece, true) + (r.note.empty() ? "" : " - " + r.note));
        }
    }
    section("Special rules", info.specialRules);
    if (!s.events.empty()) {
        d.heading("Events (roll 2D6 at the start of each turn)");
        for (const auto& [roll, text] : s.events) {
            d.paragraph(std::to_string(roll) + ": " + text);
        }
    }
    section(info.sideNames[0] + " objectives", info.objectives[0]);
    section(info.sideNames[1] + " objectives", info.objectives[1]);
    section("Victory conditions", info.victoryConditions);
}

std::string scenarioFacts(const ScenarioInfo& info) {
    return info.date + ". " + playFacts(info);
}

} // namespace

std::expected<int, std::string> printBooklet(const Scenario& s, const std::filesystem::path& out,
                                             const PrintOptions& o) {
    return writeDocument(out, o, [&](Document& d) {
        const std::size_t count = scenarioCount(s);
        const ScenarioInfo& info = s.info;
        d.font(22, true);
        d.y() += 60;
        d.textAt(d.left(), d.y(), count > 1 ? battleTitle(s) : info.title);
        d.font(12);
        if (count == 1) {
            d.y() += 22;
            d.textAt(d.left(), d.y(), info.date + (info.place.empty() ? "" : "  -  " + info.place));
            d.y() += 16;
            d.textAt(d.left(), d.y(),
                     "Ruleset: " + info.ruleset + "   " + std::to_string(info.turns) + " turns of " +
                         std::to_string(info.turnMinutes) + " minutes; " +
                         info.sideNames[sideIndex(info.firstPlayer)] + " moves first");
        } else {
            d.y() += 22;
            d.textAt(d.left(), d.y(), info.place);
            d.y() += 6;
            for (std::size_t i = 0; i < count; ++i) {
                const ScenarioInfo& each = scenarioInfo(s, i);
                d.y() += 16;
                d.textAt(d.left(), d.y(),
                         "Scenario " + std::to_string(i + 1) + ": " + each.title + "  -  " + each.date +
                             ", " + std::to_string(each.turns) + " turns");
            }
        }
        // An overview of the map on the title page: a battle's without pieces, which differ by
        // scenario.
        const Layout layout(s.map.grid, mapUnitsPerCell);
        const double areaTop = d.y() + 20, areaW = d.right() - d.left(),
                     areaH = d.height() - areaTop - o.marginPt;
        const double fit = std::min(areaW / layout.width(), areaH / layout.height());
        {
            cairo_save(d.cr());
            cairo_translate(d.cr(), d.left(), areaTop);
            cairo_scale(d.cr(), fit, fit);
            RenderOptions ro;
            ro.labels = false;
            ro.pieces = count == 1;
            MapPainter(s, layout).draw(d.cr(), MapRect{0, 0, layout.width(), layout.height()}, fit * 300 / 72,
                                       ro);
            cairo_restore(d.cr());
        }
        d.newPage();
        d.font(9);
        for (Side side : {Side::Union, Side::Confederate}) {
            d.heading("Order of battle: " + info.sideNames[sideIndex(side)]);
            walkSide(
                s.oob, side,
                [&](HeadquartersId h, int depth) {
                    const Headquarters& x = s.oob.headquarters.at(h);
                    d.font(9, true);
                    d.paragraph(x.name + (x.commander.empty() ? "" : " - " + x.commander), depth * 10);
                    d.font(9);
                },
                [&](UnitId uid, int depth) {
                    const Unit& u = s.oob.units.at(uid);
                    d.paragraph((u.roster ? "#" + std::to_string(u.roster) + " " : "") + u.name + " (" +
                                    std::string(enumName(u.arm)) + ", " + std::to_string(u.strength) +
                                    (u.arm == Arm::Artillery ? " guns" : " men") + ")",
                                depth * 10);
                });
        }
        if (count == 1) {
            scenarioPages(d, s);
            return;
        }
        // Each scenario from a new page, switched to in a copy of the battle (the map copied once).
        Scenario current = s;
        for (std::size_t i = 0; i < count; ++i) {
            makeCurrent(current, i);
            d.newPage();
            d.heading("Scenario " + std::to_string(i + 1) + ": " + current.info.title, 16);
            d.paragraph(scenarioFacts(current.info));
            scenarioPages(d, current);
        }
    });
}

} // namespace sandtable
