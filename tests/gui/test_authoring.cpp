// Authoring in the editor: the order of battle built from the tree's menus, the Units menu and the
// panel's toolbar; the tree keeping its state; properties offering the ruleset's values.
#include "editor/dialogs/new_map_dialog.hpp"
#include "editor/panels/oob_panel.hpp"
#include "editor/panels/properties_panel.hpp"
#include "editor/panels/scenario_panel.hpp"
#include "editor/panels/tools_panel.hpp"
#include "editor_window.hpp"
#include "model/commands/edits.hpp"

#include <wx/choice.h>
#include <wx/dnd.h>
#include <wx/menu.h>
#include <wx/propgrid/propgrid.h>
#include <wx/textctrl.h>

namespace sandtable {
namespace {

class Authoring : public EditorWindow {
  protected:
    OobPanel& tree() { return *frame->orderOfBattle(); }
    // Right-click `item`, choose `label`, type `name` into the label editor that opens and press Enter.
    PieceRef addFromMenu(wxTreeItemId item, const wxString& label, const wxString& name) {
        auto menu = tree().menuFor(item);
        EXPECT_NE(menu, nullptr);
        const int id = menu ? menu->FindItem(label) : wxNOT_FOUND;
        EXPECT_NE(id, wxNOT_FOUND) << "no '" << label << "' in the menu of "
                                   << tree().tree()->GetItemText(item);
        const std::size_t before =
            scenario().oob.headquarters.size() + scenario().oob.units.size() + scenario().oob.trains.size();
        tree().runMenuCommand(item, id);
        pump();
        EXPECT_EQ(scenario().oob.headquarters.size() + scenario().oob.units.size() +
                      scenario().oob.trains.size(),
                  before + 1);
        return nameSelected(name);
    }
    // The new item is selected with its name being edited: type and accept.
    PieceRef nameSelected(const wxString& name) {
        wxTreeCtrl* t = tree().tree();
        const wxTreeItemId selected = t->GetSelection();
        wxTextCtrl* edit = t->GetEditControl();
        EXPECT_NE(edit, nullptr) << "the new item is not being named";
        if (edit != nullptr) {
            edit->SetValue(name);
            t->EndEditLabel(selected, false);
            pump();
        }
        for (const auto& [piece, item] : pieces()) {
            if (item == t->GetSelection()) {
                return piece;
            }
        }
        ADD_FAILURE() << "no piece selected after naming " << name;
        return {};
    }
    std::map<PieceRef, wxTreeItemId> pieces() {
        std::map<PieceRef, wxTreeItemId> out;
        const Scenario& s = scenario();
        auto note = [&](PieceRef p) {
            if (wxTreeItemId item = tree().itemOf(p); item.IsOk()) {
                out[p] = item;
            }
        };
        for (const auto& [id, hq] : s.oob.headquarters) {
            note(PieceRef::commander(id));
        }
        for (const auto& [id, u] : s.oob.units) {
            note(PieceRef::unit(id));
        }
        for (const auto& [id, t] : s.oob.trains) {
            note(PieceRef::train(id));
        }
        return out;
    }
};

TEST_F(Authoring, EveryAddInTheTreeIsOneUndoableEditThatSelectsTheNewItemForNaming) {
    ASSERT_TRUE(scenario().oob.headquarters.empty());
    const PieceRef army =
        addFromMenu(tree().sideItem(Side::Confederate), "Add army (with its general)", "Army of the Potomac");
    const HeadquartersId armyId{army.id};
    EXPECT_EQ(scenario().oob.headquarters.at(armyId).name, "Army of the Potomac");
    EXPECT_EQ(scenario().oob.headquarters.at(armyId).side, Side::Confederate);
    EXPECT_FALSE(scenario().oob.headquarters.at(armyId).commander.empty());

    const PieceRef corps = addFromMenu(tree().itemOf(army), "Add corps", "First Corps");
    addFromMenu(tree().itemOf(army), "Add independent brigade", "Reserve brigade");
    const PieceRef battery =
        addFromMenu(tree().itemOf(army), "Add independent unit (reserve battery)", "Reserve battery");
    EXPECT_EQ(scenario().oob.units.at(UnitId{battery.id}).arm, Arm::Artillery);
    const PieceRef train = addFromMenu(tree().itemOf(corps), "Add train (wagon)", "First Corps train");
    EXPECT_EQ(scenario().oob.trains.at(TrainId{train.id}).name, "First Corps train");
    const PieceRef division = addFromMenu(tree().itemOf(corps), "Add division", "Wadsworth");
    const PieceRef brigade = addFromMenu(tree().itemOf(division), "Add brigade", "Iron Brigade");
    addFromMenu(tree().itemOf(division), "Add unit", "Division battery");
    const PieceRef regiment = addFromMenu(tree().itemOf(brigade), "Add unit", "2nd Wisconsin");
    EXPECT_EQ(scenario().oob.units.at(UnitId{regiment.id}).parent, HeadquartersId{brigade.id});
    EXPECT_EQ(scenario().oob.units.at(UnitId{regiment.id}).name, "2nd Wisconsin");

    // A unit's menu offers nothing to add under it, but rename and delete.
    auto unitMenu = tree().menuFor(tree().itemOf(regiment));
    EXPECT_EQ(unitMenu->FindItem("Add unit"), wxNOT_FOUND);
    EXPECT_NE(unitMenu->FindItem("Delete"), wxNOT_FOUND);

    // The Units menu adds at the selection, walking up to where the item belongs: Add corps with the
    // regiment selected adds a corps to its army.
    tree().selectPiece(regiment);
    menu("Units", "Add corps");
    const PieceRef second = nameSelected("Second Corps");
    EXPECT_EQ(scenario().oob.headquarters.at(HeadquartersId{second.id}).parent, armyId);

    // Each add and each naming is one undo step (the train kept its offered name, "First Corps
    // train": 10 adds, 9 names); undoing everything gives the empty tree back.
    int steps = 0;
    while (frame->document()->history().canUndo()) {
        menu(wxID_UNDO);
        ++steps;
    }
    EXPECT_EQ(steps, 19);
    EXPECT_TRUE(scenario().oob.headquarters.empty());
    EXPECT_TRUE(scenario().oob.units.empty());
}

TEST_F(Authoring, TheLineOfSupplyIsPickedOnTheMapFromTheCorpsMenu) {
    const PieceRef army = addFromMenu(tree().sideItem(Side::Union), "Add army (with its general)", "Army");
    const PieceRef corps = addFromMenu(tree().itemOf(army), "Add corps", "I Corps");
    auto menu = tree().menuFor(tree().itemOf(corps));
    const int id = menu->FindItem("Add a line-of-supply cell (click it on the map)");
    ASSERT_NE(id, wxNOT_FOUND);
    tree().runMenuCommand(tree().itemOf(corps), id);
    pump();
    clickCell({3, 19});
    const auto& hq = scenario().oob.headquarters.at(HeadquartersId{corps.id});
    ASSERT_TRUE(hq.supplyCell.has_value());
    EXPECT_EQ(*hq.supplyCell, (Offset{3, 19}));
    // The tree shows it under the corps.
    wxTreeItemIdValue cookie;
    bool shown = false;
    for (wxTreeItemId c = tree().tree()->GetFirstChild(tree().itemOf(corps), cookie); c.IsOk();
         c = tree().tree()->GetNextChild(tree().itemOf(corps), cookie)) {
        shown = shown || tree().tree()->GetItemText(c).StartsWith("Line of supply");
    }
    EXPECT_TRUE(shown);
}

TEST_F(Authoring, TheTreeKeepsItsExpansionAndSelectionAcrossADropAndShowsWhereAndWhatIsWrong) {
    const fs::path file = dir / "battle.xml";
    fs::copy_file(fs::path(SANDTABLE_TEST_DATA) / "rules" / "hexed-general.base.xml", file);
    ASSERT_TRUE(frame->open(file));
    pump();
    wxTreeCtrl* t = tree().tree();
    const PieceRef cutler = PieceRef::unit(UnitId{2});
    const wxTreeItemId item = tree().itemOf(cutler);
    ASSERT_TRUE(item.IsOk());
    t->EnsureVisible(item);
    t->SelectItem(item);
    const wxTreeItemId parent = t->GetItemParent(item);
    ASSERT_TRUE(t->IsExpanded(parent));
    const int imageBefore = t->GetItemImage(item);
    EXPECT_TRUE(tree().problemsOf(item).empty());

    // Drop it on the Iron Brigade's hex: deployed now, with a stacking error.
    auto* target = dynamic_cast<wxTextDropTarget*>(frame->canvas()->GetDropTarget());
    ASSERT_NE(target, nullptr);
    const wxPoint where = frame->canvas()->toScreen(at({2, 2}));
    ASSERT_TRUE(target->OnDropText(where.x, where.y, "piece:unit:2"));
    pump();
    const wxTreeItemId after = tree().itemOf(cutler);
    ASSERT_TRUE(after.IsOk());
    EXPECT_TRUE(t->IsExpanded(t->GetItemParent(after))) << "the drop collapsed the tree";
    EXPECT_TRUE(t->IsSelected(after)) << "the drop lost the selection";
    EXPECT_NE(t->GetItemImage(after), imageBefore)
        << "the icon still says where it was and that nothing is wrong";
    EXPECT_TRUE(tree().problemsOf(after).StartsWith("error: ")) << tree().problemsOf(after);
    EXPECT_FALSE(t->GetItemText(after).Contains("not deployed"));
    menu(wxID_UNDO);
    EXPECT_EQ(t->GetItemImage(tree().itemOf(cutler)), imageBefore);
}

// A whole scenario authored from File > New map to a valid, saved file, through the window's
// menus, keys, tree, panels and mouse events on the canvas.
class AuthorAScenario : public Authoring {
  protected:
    void newMap(const wxString& ruleset, int cols, int rows, const wxString& cellInches = "") {
        frame->askNewMap = [&](const NewMapChoice& initial) -> std::optional<NewMapChoice> {
            NewMapDialog dialog(frame, initial);
            dialog.ruleset->SetStringSelection(ruleset);
            dialog.offerScaleOf(ruleset.utf8_string());
            dialog.columns->SetValue(wxString::Format("%d", cols));
            dialog.rows->SetValue(wxString::Format("%d", rows));
            if (!cellInches.empty()) {
                dialog.cellSize->SetValue(cellInches);
            }
            auto c = dialog.choice();
            EXPECT_TRUE(c) << c.error();
            return c ? std::optional(*c) : std::nullopt;
        };
        menu("File", "New map...");
    }
    const Grid& grid() { return scenario().map.grid; }
    Point middleOf(EdgeId e) {
        auto [a, b] = frame->canvas()->layout()->edgeSegment(e);
        return {(a.x + b.x) / 2, (a.y + b.y) / 2};
    }
    // The side between two neighbouring cells.
    EdgeId sideBetween(Offset a, Offset b) {
        for (int d = 0; d < grid().sideCount(); ++d) {
            auto [p, q] = grid().edgeCells(grid().edge(a, d));
            if (p == b || q == b) {
                return grid().edge(a, d);
            }
        }
        ADD_FAILURE() << "not neighbours";
        return {};
    }
    TerrainIndex terrainNamed(const std::string& key) {
        const auto& types = scenario().map.terrainTypes;
        for (std::size_t i = 0; i < types.size(); ++i) {
            if (types[i].key == key) {
                return static_cast<TerrainIndex>(i);
            }
        }
        ADD_FAILURE() << "no terrain " << key;
        return 0;
    }
    // Adds through the tree's right-click menu at `at` and names the new item.
    PieceRef add(PieceRef at, const wxString& label, const wxString& name) {
        return addFromMenu(tree().itemOf(at), label, name);
    }
    PieceRef addToSide(Side side, const wxString& name) {
        return addFromMenu(tree().sideItem(side), "Add army (with its general)", name);
    }
    void setProperty(PieceRef piece, const char* property, const wxVariant& value) {
        tree().selectPiece(piece);
        pump();
        wxPropertyGrid* grid = frame->propertiesPanel()->grid();
        ASSERT_NE(grid->GetProperty(property), nullptr) << property;
        grid->ChangePropertyValue(property, value);
        pump();
    }
    void pickSupplyCell(PieceRef corps, Offset cell) {
        auto menu = tree().menuFor(tree().itemOf(corps));
        const int id = menu->FindItem("Add a line-of-supply cell (click it on the map)");
        ASSERT_NE(id, wxNOT_FOUND);
        tree().runMenuCommand(tree().itemOf(corps), id);
        pump();
        clickCell(cell);
        key('S'); // back to Select
    }
    // Dragged from the tree and dropped on the map.
    void deploy(PieceRef piece, Offset cell) {
        auto* target = dynamic_cast<wxTextDropTarget*>(frame->canvas()->GetDropTarget());
        ASSERT_NE(target, nullptr);
        const wxPoint where = frame->canvas()->toScreen(at(cell));
        ASSERT_TRUE(target->OnDropText(
            where.x, where.y, "piece:" + std::string(enumName(piece.kind)) + ":" + std::to_string(piece.id)));
        pump();
    }
    // Saved, reopened, identical; the reopened file validates with 0 errors and 0 warnings.
    void saveReopenAndValidate(const char* name) {
        const fs::path file = dir / name;
        ASSERT_TRUE(frame->saveAs(file));
        auto reopened = Document::open(file);
        ASSERT_TRUE(reopened) << reopened.error();
        EXPECT_EQ((*reopened)->scenario(), scenario()) << "the file does not give back what was authored";
        const Report& report = (*reopened)->problems();
        std::string found;
        for (const Violation& v : report.violations) {
            if (v.severity != Severity::Info) {
                found += v.rule + ": " + v.message + "\n";
            }
        }
        EXPECT_EQ(report.errors(), 0) << found;
        EXPECT_EQ(report.warnings(), 0) << found;
        EXPECT_EQ((*reopened)->rulesetName(), scenario().info.ruleset);
    }
};

TEST_F(AuthorAScenario, AHexedGeneralBattleFromABlankMapToAValidFile) {
    newMap("hexed-general", 12, 10);
    ASSERT_EQ(grid().cols(), 12);
    EXPECT_EQ(frame->document()->rulesetName(), "hexed-general");

    // Woods north of the road, a hill to the south.
    key('B');
    frame->toolsPanel()->showTerrain(terrainNamed("woods"));
    mouseStroke({at({3, 1}), at({4, 1}), at({5, 1})});
    EXPECT_EQ(scenario().map.terrain[grid().index({4, 1})], terrainNamed("woods"));
    key('R');
    clickCell({2, 8});
    clickCell({2, 8});
    EXPECT_EQ(scenario().map.elevationAt({2, 8}), 2);

    // A stream dragged along the sides between columns 5 and 6, top to bottom: one undo step.
    key('H');
    const std::size_t steps = frame->document()->history().size();
    mouseStroke({middleOf(sideBetween({5, 0}, {6, 0})), at({5, 3}), at({6, 6}),
                 middleOf(sideBetween({5, 9}, {6, 9}))});
    EXPECT_EQ(frame->document()->history().size(), steps + 1);
    EXPECT_GE(scenario().map.hexsides.size(), 10u);
    for (const auto& [edge, side] : scenario().map.hexsides) {
        EXPECT_TRUE(side.has(SideFeature::Stream));
    }

    // A road from the west edge to the east edge, across the stream.
    key('P');
    mouseStroke({at({0, 4}), at({4, 4}), at({8, 4}), at({11, 4})});
    ASSERT_EQ(scenario().map.paths.size(), 1u);
    EXPECT_EQ(scenario().map.paths.begin()->second.cells.front(), (Offset{0, 4}));
    EXPECT_EQ(scenario().map.paths.begin()->second.cells.back(), (Offset{11, 4}));
    // A ford where the road crosses the stream.
    const auto& roadCells = scenario().map.paths.begin()->second.cells;
    std::optional<EdgeId> crossing;
    for (std::size_t i = 1; i < roadCells.size(); ++i) {
        const EdgeId e = sideBetween(roadCells[i - 1], roadCells[i]);
        if (scenario().map.hexsideAt(e).has(SideFeature::Stream)) {
            crossing = e;
        }
    }
    ASSERT_TRUE(crossing) << "the road does not cross the stream";
    key('H');
    frame->canvas()->tools()->settings.crossing = Crossing::Ford; // the palette's Crossing choice
    mouseStroke({middleOf(*crossing)});
    EXPECT_EQ(scenario().map.hexsideAt(*crossing).crossing, Crossing::Ford);
    EXPECT_TRUE(scenario().map.hexsideAt(*crossing).has(SideFeature::Stream));
    key('S');

    // Both orders of battle, from the tree.
    struct Force {
        PieceRef army, corps, train, division;
        std::vector<PieceRef> units;
    };
    auto build = [&](Side side, const char* army, const char* general, const char* corps,
                     const char* corpsCommander, const char* division, const char* divisionCommander,
                     std::vector<const char*> units) {
        Force f;
        f.army = addToSide(side, army);
        setProperty(f.army, "Commander", general);
        f.corps = add(f.army, "Add corps", corps);
        setProperty(f.corps, "Commander", corpsCommander);
        f.train = add(f.corps, "Add train (wagon)", wxString(corps) + " train");
        f.division = add(f.corps, "Add division", division);
        setProperty(f.division, "Commander", divisionCommander);
        for (const char* u : units) {
            f.units.push_back(add(f.division, "Add unit", u));
        }
        return f;
    };
    const Force blue = build(Side::Union, "Army of the Potomac", "Meade", "I Corps", "Reynolds",
                             "1st Division", "Wadsworth", {"Iron Brigade", "Cutler's Brigade"});
    const Force grey = build(Side::Confederate, "Army of Northern Virginia", "Lee", "Third Corps", "Hill",
                             "Heth's Division", "Heth", {"Archer's Brigade", "Davis's Brigade"});
    pickSupplyCell(blue.corps, {0, 4});
    pickSupplyCell(grey.corps, {11, 4});
    EXPECT_EQ(scenario().oob.headquarters.at(HeadquartersId{blue.corps.id}).supplyCell, (Offset{0, 4}));

    // Deployed by dropping from the tree, facing set with the keys.
    deploy(blue.army, {1, 3});
    deploy(blue.corps, {2, 3});
    deploy(blue.division, {3, 2});
    deploy(blue.train, {2, 4});
    deploy(blue.units[0], {3, 2});
    deploy(blue.units[1], {3, 6});
    key(']');
    key(']');
    deploy(grey.army, {10, 3});
    deploy(grey.corps, {9, 3});
    deploy(grey.division, {8, 2});
    deploy(grey.train, {10, 4});
    deploy(grey.units[0], {8, 2});
    deploy(grey.units[1], {8, 6});
    const auto& facing = scenario().deployment.placements.at(blue.units[1]).facing;
    ASSERT_TRUE(facing.has_value());
    EXPECT_EQ(facing->kind, FacingKind::Corner);
    EXPECT_NE(facing->index, 0) << "the keys did not turn the brigade";

    const Report& live = frame->document()->problems();
    EXPECT_EQ(live.errors(), 0);
    EXPECT_EQ(live.warnings(), 0);
    saveReopenAndValidate("authored-hexed-general.xml");
}

TEST_F(AuthorAScenario, AGoodOldRebelBattleOnAnInchScaledGrid) {
    // 3-inch cells at 15" = 500 yards: 100 yards a cell, so 8 inches is 2.67 cells.
    newMap("good-old-rebel", 16, 12, "3");
    EXPECT_NEAR(scenario().map.yardsPerCell, 100, 1e-9);
    EXPECT_EQ(frame->document()->rulesetName(), "good-old-rebel");

    wxPropertyGrid* info = frame->scenarioPanel()->grid();
    auto setInfo = [&](const char* property, const wxString& value) {
        ASSERT_NE(info->GetProperty(property), nullptr) << property;
        info->ChangePropertyValue(property, value);
        pump();
    };
    setInfo("date", "1862-09-17");
    setInfo("objectives0", "Take the bridge.");
    setInfo("objectives1", "Hold the ridge.");
    setInfo("setupNotes", "Union on the east bank, Confederates on the ridge.");
    for (int roll = 2; roll <= 12; ++roll) {
        setInfo(wxString::Format("event%d", roll).c_str(), wxString::Format("Event on a roll of %d.", roll));
    }
    EXPECT_EQ(scenario().events.size(), 11u);

    // Each side: an army, a corps of two brigades (2 to 4), each brigade with its commander and
    // numbered regiments of two bases, the ruleset's qualities offered.
    int roster = 0;
    auto build = [&](Side side, const char* army, const char* brigadeNames[2]) {
        std::vector<PieceRef> pieces;
        const PieceRef a = addToSide(side, army);
        const PieceRef corps = add(a, "Add corps", "Corps");
        setProperty(corps, "Commander", "Corps commander");
        const PieceRef division = add(corps, "Add division", "Division");
        setProperty(division, "Commander", "Division commander");
        pieces.insert(pieces.end(), {a, corps, division});
        for (int b = 0; b < 2; ++b) {
            const PieceRef brigade = add(division, "Add brigade", brigadeNames[b]);
            setProperty(brigade, "Commander", wxString(brigadeNames[b]) + " commander");
            pieces.push_back(brigade);
            for (int r = 0; r < 2; ++r) {
                const PieceRef regiment =
                    add(brigade, "Add unit", wxString::Format("%s regiment %d", brigadeNames[b], r + 1));
                setProperty(regiment, "Roster number", ++roster);
                pieces.push_back(regiment);
            }
        }
        return pieces;
    };
    const char* blueBrigades[2] = {"Iron", "Irish"};
    const char* greyBrigades[2] = {"Stonewall", "Texas"};
    const auto blue = build(Side::Union, "Army of the Potomac", blueBrigades);
    const auto grey = build(Side::Confederate, "Army of Northern Virginia", greyBrigades);
    for (const auto& [id, u] : scenario().oob.units) {
        EXPECT_EQ(u.stands, 2) << u.name;
        EXPECT_EQ(u.quality, Quality::Seasoned) << u.name;
    }

    // Deployed: commanders with their regiments next to them (within 8 inches).
    auto place = [&](const std::vector<PieceRef>& pieces, int column) {
        int row = 1;
        for (PieceRef p : pieces) {
            deploy(p, {column + (p.kind == PieceKind::Unit ? 1 : 0), row});
            row += p.kind == PieceKind::Unit ? 1 : 0;
        }
    };
    place(blue, 2);
    place(grey, 12);
    const Report& live = frame->document()->problems();
    EXPECT_EQ(live.errors(), 0);
    EXPECT_EQ(live.warnings(), 0);
    saveReopenAndValidate("authored-good-old-rebel.xml");
}

TEST_F(AuthorAScenario, AnObjectiveIsPlacedNamedMovedAndDeletedOnTheMap) {
    newMap("hexed-general", 10, 8);
    key('T');
    // The Feature option of the palette, chosen as the user would.
    wxChoice* kind = nullptr;
    for (wxWindow* w : frame->toolsPanel()->GetChildren()) {
        if (auto* c = dynamic_cast<wxChoice*>(w); c && c->FindString("objective") != wxNOT_FOUND) {
            kind = c;
        }
    }
    ASSERT_NE(kind, nullptr);
    kind->SetStringSelection("objective");
    wxCommandEvent chosen(wxEVT_CHOICE, kind->GetId());
    chosen.SetEventObject(kind);
    kind->ProcessWindowEvent(chosen);
    clickCell({4, 4});
    ASSERT_EQ(scenario().map.features.size(), 1u);
    const FeatureId id = scenario().map.features.begin()->first;
    EXPECT_EQ(scenario().map.features.at(id).kind, FeatureKind::Objective);

    // Properties shows the new objective at once: named, given to a side and worth points.
    wxPropertyGrid* grid = frame->propertiesPanel()->grid();
    ASSERT_NE(grid->GetProperty("Victory points"), nullptr);
    std::vector<std::string> refused;
    frame->propertiesPanel()->onRefused = [&](const std::string& m) { refused.push_back(m); };
    EXPECT_TRUE(grid->ChangePropertyValue("Name", wxString("Henry House Hill")));
    EXPECT_TRUE(grid->ChangePropertyValue("Side", static_cast<int>(Side::Confederate)));
    EXPECT_FALSE(grid->ChangePropertyValue("Victory points", wxString("5000")));
    EXPECT_TRUE(grid->ChangePropertyValue("Victory points", wxString("10")));
    pump();
    ASSERT_EQ(refused.size(), 1u);
    EXPECT_EQ(refused[0], "Victory points must be a whole number from -1,000 to 1,000, not '5000'");
    Feature expected{FeatureKind::Objective, Offset{4, 4}, "Henry House Hill", Side::Confederate, 10};
    EXPECT_EQ(scenario().map.features.at(id), expected);

    // Picked and dragged with the Select tool: one step; Delete takes it off; undo brings it back.
    key('S');
    const std::size_t steps = frame->document()->history().size();
    mouseStroke({at({4, 4}), at({5, 4}), at({6, 5})});
    expected.cell = Offset{6, 5};
    EXPECT_EQ(scenario().map.features.at(id), expected);
    EXPECT_EQ(frame->document()->history().size(), steps + 1);
    ASSERT_NE(grid->GetProperty("Cell"), nullptr) << "the picked objective is in Properties";
    EXPECT_EQ(grid->GetPropertyValueAsString("Cell"), scenario().map.grid.label({6, 5}));
    key(WXK_DELETE);
    EXPECT_FALSE(scenario().map.features.contains(id));
    EXPECT_EQ(grid->GetProperty("Cell"), nullptr) << "Properties no longer shows a deleted place";
    menu(wxID_UNDO);
    EXPECT_EQ(scenario().map.features.at(id), expected);
}

wxArrayString choicesOf(wxPropertyGrid* grid, const char* name) {
    wxPGProperty* p = grid->GetProperty(name);
    return p != nullptr ? p->GetChoices().GetLabels() : wxArrayString();
}

TEST_F(Authoring, PropertiesOfferTheValuesTheScenariosRulesetAccepts) {
    ScenarioInfo info = scenario().info;
    info.ruleset = "good-old-rebel";
    frame->document()->execute(edits::setInfo(scenario(), info));
    pump();
    tree().tree()->SelectItem(tree().sideItem(Side::Union));
    menu("Units", "Add army (with its general)");
    nameSelected("Army");
    menu("Units", "Add corps");
    nameSelected("I Corps");
    menu("Units", "Add division");
    nameSelected("1st Division");
    menu("Units", "Add brigade");
    nameSelected("1st Brigade");
    menu("Units", "Add unit");
    const PieceRef regiment = nameSelected("1st Minnesota");
    const Unit& u = scenario().oob.units.at(UnitId{regiment.id});
    EXPECT_EQ(u.quality, Quality::Seasoned) << "new units take a value the ruleset knows";
    EXPECT_EQ(u.stands, 2) << "Good Old Rebel's two bases";

    wxPropertyGrid* grid = frame->propertiesPanel()->grid();
    EXPECT_EQ(choicesOf(grid, "Quality"),
              (wxArrayString{3, std::array<wxString, 3>{"raw", "seasoned", "veteran"}.data()}));
    EXPECT_EQ(choicesOf(grid, "Commander quality").size(), 0u) << "units have no commander";
    // Turn it into a battery: guns instead of muskets, four bases.
    grid->ChangePropertyValue("Arm", static_cast<int>(Arm::Artillery));
    pump();
    EXPECT_EQ(scenario().oob.units.at(UnitId{regiment.id}).arm, Arm::Artillery);
    EXPECT_EQ(scenario().oob.units.at(UnitId{regiment.id}).weapon, Weapon::None);
    EXPECT_NE(scenario().oob.units.at(UnitId{regiment.id}).gun, Gun::None);
    EXPECT_EQ(scenario().oob.units.at(UnitId{regiment.id}).stands, 4);

    // The brigade's commander is rated in this ruleset's words too, or not at all.
    tree().selectPiece(PieceRef::commander(scenario().oob.units.at(UnitId{regiment.id}).parent));
    pump();
    const wxArrayString commanderQualities = choicesOf(grid, "Commander quality");
    ASSERT_EQ(commanderQualities.size(), 4u);
    EXPECT_EQ(commanderQualities[0], "(none)");

    // A Kallistra scenario offers the firing table's weapons.
    info.ruleset = "kallistra-hex";
    frame->document()->execute(edits::setInfo(scenario(), info));
    pump();
    tree().selectPiece(PieceRef::unit(UnitId{regiment.id}));
    pump();
    grid->ChangePropertyValue("Arm", static_cast<int>(Arm::Infantry));
    pump();
    const wxArrayString weapons = choicesOf(grid, "Weapon");
    EXPECT_EQ(weapons.size(), 5u);
    EXPECT_EQ(weapons.Index("sharpshooter-rifle") != wxNOT_FOUND, true);
    EXPECT_EQ(weapons.Index("breech-loader"), wxNOT_FOUND);
}

TEST_F(Authoring, ATrainsNameAndCorpsAreEditedInProperties) {
    tree().tree()->SelectItem(tree().sideItem(Side::Union));
    menu("Units", "Add army (with its general)");
    nameSelected("Army");
    menu("Units", "Add corps");
    const PieceRef first = nameSelected("I Corps");
    tree().selectPiece(first);
    menu("Units", "Add corps");
    const PieceRef second = nameSelected("II Corps");
    tree().selectPiece(first);
    menu("Units", "Add train (wagon)");
    const PieceRef train = nameSelected("I Corps wagons");
    wxPropertyGrid* grid = frame->propertiesPanel()->grid();
    ASSERT_NE(grid->GetProperty("Corps"), nullptr);
    grid->ChangePropertyValue("Corps", static_cast<int>(second.id));
    pump();
    EXPECT_EQ(scenario().oob.trains.at(TrainId{train.id}).corps, HeadquartersId{second.id});
    grid->ChangePropertyValue("Name", "II Corps wagons");
    pump();
    EXPECT_EQ(scenario().oob.trains.at(TrainId{train.id}).name, "II Corps wagons");
}

} // namespace
} // namespace sandtable
