#include "formats/vassal/components.hpp"

#include <algorithm>
#include <charconv>
#include <cstdlib>

namespace sandtable {
namespace {

// The defaults, as VASSAL 3.7 writes them (../shared/vassal/reference/every-component.buildFile.xml).
constexpr VassalAttribute map[]{
    {"allowMultiple", "false"},
    {"backgroundcolor", "255,255,255"},
    {"buttonName", "Map"},
    {"changeFormat", "$message$"},
    {"color", "0,0,0"},
    {"createFormat", "$pieceName$ created in $location$ *"},
    {"edgeHeight", "0"},
    {"edgeWidth", "0"},
    {"hideKey", ""},
    {"hotkey", ""},
    {"icon", "/images/map.gif"},
    {"launch", "false"},
    {"mapName", "Main Map"},
    {"markMoved", "Always"},
    {"markUnmovedHotkey", ""},
    {"markUnmovedIcon", "/images/unmoved.gif"},
    {"markUnmovedReport", ""},
    {"markUnmovedText", ""},
    {"markUnmovedTooltip", "Mark all pieces on this map as not moved"},
    {"moveKey", ""},
    {"moveToFormat", "$pieceName$ moves $previousLocation$ &rarr; $location$ *"},
    {"moveWithinFormat", "$pieceName$ moves $previousLocation$ &rarr; $location$ *"},
    {"onlyReportChangedLocation", "false"},
    {"showKey", ""},
    {"thickness", "3"},
};
constexpr VassalAttribute globalOptions[]{
    {"autoReport", "Always"},
    {"chatterHTMLSupport", "Never"},
    {"disablePieceIndexing", "false"},
    {"hotKeysOnClosedWindows", "Never"},
    {"inventoryForAll", "Always"},
    {"minMaxHeap", "0"},
    {"nonOwnerUnmaskable", "Never"},
    {"playerIdFormat", "$PlayerName$"},
    {"promptString", "Opponents can unmask my pieces"},
    {"purgeBlankPropertyPrompts", "true"},
    {"sendToLocationMoveTrails", "Never"},
    {"storeLeadingZeroIntegersAsStrings", "false"},
};
constexpr VassalAttribute stackMetrics[]{
    {"bottom", "40,0"}, {"disabled", "false"}, {"down", "37,0"},  {"exSepX", "6"}, {"exSepY", "18"},
    {"top", "38,0"},    {"unexSepX", "2"},     {"unexSepY", "4"}, {"up", "39,0"},
};
constexpr VassalAttribute highlightLastMoved[]{
    {"color", "255,0,0"},
    {"enabled", "true"},
    {"thickness", "2"},
};
constexpr VassalAttribute flare[]{
    {"circleColor", "255,0,0"}, {"circleScale", "true"}, {"circleSize", "100"},      {"flareKey", "keyAlt"},
    {"flareName", "Map Flare"}, {"flarePulses", "6"},    {"flarePulsesPerSec", "3"}, {"reportFormat", ""},
};
constexpr VassalAttribute zoomer[]{
    {"inButtonText", ""},
    {"inIconName", "/images/zoomIn.gif"},
    {"inTooltip", "Zoom in"},
    {"outButtonText", ""},
    {"outIconName", "/images/zoomOut.gif"},
    {"outTooltip", "Zoom out"},
    {"pickButtonText", ""},
    {"pickIconName", "/images/zoom.png"},
    {"pickTooltip", "Select Zoom"},
    {"zoomInKey", ""},
    {"zoomLevels", "0.2,0.25,0.333,0.4,0.5,0.555,0.625,0.75,1.0,1.25,1.6"},
    {"zoomOutKey", ""},
    {"zoomPickKey", ""},
    {"zoomStart", "3"},
};
constexpr VassalAttribute counterDetailViewer[]{
    {"bgColor", ""},
    {"borderColor", "0,0,0"},
    {"borderInnerThickness", "2"},
    {"borderThickness", "2"},
    {"borderWidth", "0"},
    {"centerAll", "false"},
    {"centerPiecesVertically", "false"},
    {"centerText", "false"},
    {"combineCounterSummary", "false"},
    {"counterReportFormat", ""},
    {"delay", "700"},
    {"description", ""},
    {"display", "from top-most layer only"},
    {"emptyHexReportForma", "$LocationName$"},
    {"enableHTML", "false"},
    {"extraTextPadding", "0"},
    {"fgColor", "0,0,0"},
    {"fontSize", "9"},
    {"graphicsZoom", "1.0"},
    {"hotkey", "32,130"},
    {"layerList", ""},
    {"minDisplayPieces", "2"},
    {"onlyShowFirstSummary", "false"},
    {"propertyFilter", ""},
    {"showDeck", "false"},
    {"showDeckDepth", "1"},
    {"showDeckMasked", "false"},
    {"showMoveSelectde", "false"},
    {"showNoStack", "false"},
    {"showNonMovable", "false"},
    {"showOnlyTopOfStack", "false"},
    {"showOverlap", "false"},
    {"showTerrainBeneath", "never"},
    {"showTerrainHeight", "150"},
    {"showTerrainSnappy", "true"},
    {"showTerrainText", "$LocationName$"},
    {"showTerrainWidth", "150"},
    {"showTerrainZoom", "1.0"},
    {"showgraph", "true"},
    {"showgraphsingle", "false"},
    {"showtext", "false"},
    {"showtextsingle", "false"},
    {"stopAfterShowing", "false"},
    {"stretchWidthPieces", "false"},
    {"stretchWidthSummary", "false"},
    {"summaryReportFormat", "$LocationName$"},
    {"unrotatePieces", "false"},
    {"version", "4"},
    {"verticalBottomText", "10"},
    {"verticalOffset", "0"},
    {"verticalTopText", "5"},
    {"zoomlevel", "1.0"},
};
constexpr VassalAttribute globalMap[]{
    {"buttonText", ""},
    {"color", "0,0,0"},
    {"hotkey", "79,195"},
    {"scale", "0.19444444"},
    {"tooltip", "Show/Hide overview window"},
};
constexpr VassalAttribute lOSThread[]{
    {"canDisable", "false"},
    {"drawRange", "false"},
    {"global", "Always"},
    {"hideCounters", "false"},
    {"hideOpacity", "0"},
    {"hideWhenDisabled", "false"},
    {"hotkey", ""},
    {"iconName", "/images/thread.gif"},
    {"label", "Thread"},
    {"losThickness", "1"},
    {"persistence", "Ctrl-Click & Drag"},
    {"propertyGate", ""},
    {"rangeBg", "0,0,0"},
    {"rangeFg", "255,255,255"},
    {"report", "$playerId$ Checked LOS from $FromLocation$ to $AllLocationsChecked$"},
    {"round", "Nearest whole number"},
    {"scale", "0"},
    {"snapEnd", "false"},
    {"snapStart", "false"},
    {"threadName", "Thread"},
    {"tooltip", "Show LOS thread"},
};
constexpr VassalAttribute diceButton[]{
    {"addToTotal", "0"},
    {"canDisable", "false"},
    {"hideWhenDisabled", "false"},
    {"hotkey", ""},
    {"icon", "/images/die.gif"},
    {"keepCount", "1"},
    {"keepDice", "false"},
    {"keepOption", ">"},
    {"lockAdd", "false"},
    {"lockDice", "false"},
    {"lockPlus", "false"},
    {"lockSides", "false"},
    {"nDice", "2"},
    {"nSides", "6"},
    {"name", "2d6"},
    {"plus", "0"},
    {"prompt", "false"},
    {"propertyGate", ""},
    {"reportFormat", "** $name$ = $result$ *** &lt;$PlayerName$&gt;"},
    {"reportTotal", "false"},
    {"sortDice", "false"},
    {"text", "2d6"},
    {"tooltip", "2d6"},
};
constexpr VassalAttribute turnTracker[]{
    {"buttonText", "Turn"},
    {"fwdOnly", "false"},
    {"hotkey", ""},
    {"length", "-1"},
    {"lengthStyle", "Maximum"},
    {"name", "Turn"},
    {"nexthotkey", ""},
    {"plusButtonSize", "22"},
    {"prevhotkey", ""},
    {"reportFormat", "* &lt;$PlayerId$&gt; Turn Updated from $oldTurn$ to $newTurn$"},
    {"turnButtonHeight", "22"},
    {"turnFormat", "$level1$ $level2$ $level3$ $level4$"},
};
constexpr VassalAttribute counterTurnLevel[]{
    {"incr", "1"}, {"loop", "false"}, {"loopLimit", "-1"}, {"start", "1"}, {"turnFormat", "$value$"},
};
// Not in the reference module: as VASSAL 3.7's ListTurnLevel.getAttributeNames and
// getAttributeValueString write it (TurnLevel's name, property and turnFormat, then the list of
// turns, joined as StringArrayConfigurer does with commas, and its two settings; a name, property
// or prompt never set is not written, like the reference's CounterTurnLevel's name).
constexpr VassalAttribute listTurnLevel[]{
    {"configFirst", "false"},  {"configList", "false"}, {"list", ""},
    {"name", "", false},       {"prompt", "", false},   {"property", "", false},
    {"turnFormat", "$value$"},
};
constexpr VassalAttribute inventory[]{
    {"canDisable", "false"},
    {"centerOnPiece", "true"},
    {"drawPieces", "true"},
    {"foldersOnly", "false"},
    {"forwardKeystroke", "true"},
    {"groupBy", ""},
    {"hideWhenDisabled", "false"},
    {"hotkey", ""},
    {"icon", "/images/inventory.gif"},
    {"include", ""},
    {"launchFunction", "functionHide"},
    {"leafFormat", "$PieceName$"},
    {"name", "Inventory"},
    {"nonLeafFormat", "$PropertyValue$"},
    {"pieceZoom", "0.25"},
    {"pieceZoom2", "0.33"},
    {"pieceZoom3", "0.4"},
    {"propertyGate", ""},
    {"refreshHotkey", ""},
    {"showMenu", "true"},
    {"sides", ""},
    {"sortFormat", "$PieceName$"},
    {"sortPieces", "true"},
    {"sorting", "alpha"},
    {"text", "Inventory"},
    {"tooltip", "Show inventory of all pieces"},
    {"zoomOn", "false"},
};
constexpr VassalAttribute notesWindow[]{
    {"buttonText", "Notes"},
    {"hotkey", ""},
    {"icon", "/images/notes.gif"},
    {"tooltip", "Notes"},
};
constexpr VassalAttribute predefinedSetup[]{
    {"file", "", false},
    {"isMenu", "false"},
    {"name", "Day 1"},
    {"useFile", "true"},
};
constexpr VassalAttribute prototypeDefinition[]{
    {"description", ""},
    {"name", "Every trait"},
};

constexpr VassalComponentInfo components[]{
    {"VASSAL.build.module.Map", map},
    {"VASSAL.build.module.GlobalOptions", globalOptions},
    {"VASSAL.build.module.map.StackMetrics", stackMetrics},
    {"VASSAL.build.module.map.HighlightLastMoved", highlightLastMoved},
    {"VASSAL.build.module.map.Flare", flare},
    {"VASSAL.build.module.map.Zoomer", zoomer},
    {"VASSAL.build.module.map.CounterDetailViewer", counterDetailViewer},
    {"VASSAL.build.module.map.GlobalMap", globalMap},
    {"VASSAL.build.module.map.LOS_Thread", lOSThread},
    {"VASSAL.build.module.DiceButton", diceButton},
    {"VASSAL.build.module.turn.TurnTracker", turnTracker},
    {"VASSAL.build.module.turn.CounterTurnLevel", counterTurnLevel},
    {"VASSAL.build.module.turn.ListTurnLevel", listTurnLevel, false},
    {"VASSAL.build.module.Inventory", inventory},
    {"VASSAL.build.module.NotesWindow", notesWindow},
    {"VASSAL.build.module.PredefinedSetup", predefinedSetup},
    {"VASSAL.build.module.PrototypeDefinition", prototypeDefinition},
};

bool wholeNumber(std::string_view v) {
    if (v.starts_with('-')) {
        v.remove_prefix(1);
    }
    return !v.empty() && std::ranges::all_of(v, [](char c) { return c >= '0' && c <= '9'; });
}

bool number(std::string_view v) {
    const std::string copy(v);
    char* end = nullptr;
    (void)std::strtod(copy.c_str(), &end);
    return !copy.empty() && end == copy.c_str() + copy.size();
}

// "r,g,b" (a colour), "code,modifiers" (a key stroke), "x,y" (an offset): whole numbers by commas.
int commaNumbers(std::string_view v) {
    int count = 0;
    while (true) {
        const auto comma = v.find(',');
        if (!wholeNumber(v.substr(0, comma))) {
            return 0;
        }
        ++count;
        if (comma == std::string_view::npos) {
            return count;
        }
        v.remove_prefix(comma + 1);
    }
}

// What form a value takes, judged by its default; empty when `value` has it.
std::string formOf(std::string_view defaultValue, std::string_view value) {
    if (defaultValue == "true" || defaultValue == "false") {
        return value == "true" || value == "false" ? "" : "true or false";
    }
    if (wholeNumber(defaultValue)) {
        return wholeNumber(value) ? "" : "a whole number";
    }
    if (number(defaultValue)) {
        return number(value) ? "" : "a number";
    }
    if (const int n = commaNumbers(defaultValue); n >= 2) {
        return value.empty() || commaNumbers(value) == n ? ""
                                                         : std::to_string(n) + " whole numbers with commas";
    }
    return "";
}

} // namespace

std::string_view VassalComponentInfo::shortName() const {
    const auto dot = className.rfind('.');
    return dot == std::string_view::npos ? className : className.substr(dot + 1);
}

std::span<const VassalComponentInfo> vassalComponents() {
    return components;
}

const VassalComponentInfo* vassalComponentOf(std::string_view className) {
    auto it = std::ranges::find(components, className, &VassalComponentInfo::className);
    return it == std::end(components) ? nullptr : &*it;
}

const std::string& VassalComponent::operator[](const std::string& attribute) const {
    static const std::string none;
    auto it = attributes.find(attribute);
    return it == attributes.end() ? none : it->second;
}

std::vector<std::string> VassalComponent::formProblems() const {
    std::vector<std::string> out;
    if (info == nullptr) {
        return {"a component VASSAL's reference does not record"};
    }
    const std::string who(info->shortName());
    for (const VassalAttribute& a : info->attributes) {
        auto it = attributes.find(std::string(a.name));
        if (it == attributes.end()) {
            if (a.always) {
                out.push_back(who + ": attribute " + std::string(a.name) + " is missing");
            }
        } else if (std::string form = formOf(a.defaultValue, it->second); !form.empty()) {
            out.push_back(who + ": attribute " + std::string(a.name) + " '" + it->second + "' is not " +
                          form);
        }
    }
    for (const auto& [name, value] : attributes) {
        if (std::ranges::find(info->attributes, name, &VassalAttribute::name) == info->attributes.end()) {
            out.push_back(who + ": attribute " + name + " is not one VASSAL writes");
        }
    }
    for (const VassalComponent& child : children) {
        for (std::string& p : child.formProblems()) {
            out.push_back(who + " / " + p);
        }
    }
    return out;
}

} // namespace sandtable
