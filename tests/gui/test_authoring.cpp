// Authoring in the editor: the order of battle built from the tree's menus, the Units menu and the
// panel's toolbar; the tree keeping its state; properties offering the ruleset's values.
#include "editor/panels/oob_panel.hpp"
#include "editor/panels/properties_panel.hpp"
#include "editor_window.hpp"
#include "model/commands/edits.hpp"

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
