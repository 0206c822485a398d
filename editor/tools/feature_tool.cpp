#include "editor/tools/feature_tool.hpp"

#include "model/commands/edits.hpp"

namespace sandtable {

const ToolInfo& FeatureTool::info() const {
    static constexpr ToolInfo i{Tool::Feature,
                                "Place feature",
                                'T',
                                false,
                                "Click a cell to place the chosen feature; edit it in Properties",
                                FeatureKindOption | FeatureNameOption};
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
