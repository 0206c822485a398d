#include "editor/tools/feature_tool.hpp"

#include "model/commands/edits.hpp"

namespace sandtable {
namespace {

// The tool's picture on the toolbar (24 x 24).
constexpr std::string_view featureToolIcon =
    R"(<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"><path d="M6 21V3" fill="none" stroke="#222" stroke-width="1.8" stroke-linecap="round"/><path d="M6.5 4h12l-3 4 3 4h-12z" fill="#c0392b" stroke="#222" stroke-width="1.2" stroke-linejoin="round"/></svg>)";

} // namespace

const ToolInfo& FeatureTool::info() const {
    static constexpr ToolInfo i{toolId,
                                "Place feature",
                                'T',
                                false,
                                "Click a cell to place the chosen feature; edit it in Properties",
                                FeatureKindOption | FeatureNameOption,
                                featureToolIcon};
    return i;
}

void FeatureTool::press(ToolHost& host, Point p) {
    const auto cell = host.layout().cellAt(p);
    if (!cell) {
        return;
    }
    const Scenario& s = host.document().scenario();
    const ToolSettings& settings = host.toolSettings();
    std::optional<Side> side;
    if (settings.featureKind == FeatureKind::Objective || settings.featureKind == FeatureKind::EntryPoint) {
        side = Side::Union;
    }
    const FeatureId id = edits::nextFeatureId(s);
    host.document().execute(
        edits::setFeature(s, id, Feature{settings.featureKind, *cell, settings.featureName, side, 0}));
    // The new place is picked, so its name, side and value can be set in Properties at once.
    host.selectMarker(MapMarker{MapMarker::Kind::Feature, {}, id});
}

} // namespace sandtable
