// sandtable place, import-elevation, import-land-cover and align-background: putting a map on the
// Earth, taking its elevation from a terrain model (formats/terrain_model, GDAL) and a first pass at
// its terrain from a land-cover raster (formats/land_cover), and lining a scan up by control points
// fitted by least squares. docs/terrain-data.md.
#include "arguments.hpp"
#include "commands.hpp"
#include "formats/json_writer.hpp"
#include "formats/land_cover.hpp"
#include "formats/scenario_xml.hpp"
#include "formats/terrain_model.hpp"
#include "model/file_names.hpp"
#include "model/layout.hpp"
#include "model/limits.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <ostream>
#include <sstream>

namespace sandtable::cli {
namespace {

// "a,b,c" as its three fields (the last takes the rest), or nothing without two commas: one
// control point of --points.
std::optional<std::array<std::string, 3>> threeFields(const std::string& item) {
    const auto first = item.find(',');
    const auto second = first == std::string::npos ? first : item.find(',', first + 1);
    if (second == std::string::npos) {
        return std::nullopt;
    }
    return std::array{item.substr(0, first), item.substr(first + 1, second - first - 1),
                      item.substr(second + 1)};
}

// Cells as a JSON array of their labels.
void writeCells(JsonWriter& j, const Grid& grid, const std::vector<Offset>& cells) {
    j.beginArray();
    for (Offset c : cells) {
        j.value(grid.label(c));
    }
    j.endArray();
}

} // namespace

int placeCommand(Arguments& a, std::ostream& out, std::ostream& err) {
    const char* usage = "see sandtable place --help";
    const std::string file = a.positionals()[0];
    auto scenario = readScenarioReporting(file, err);
    if (!scenario) {
        return BadInput;
    }
    std::optional<PlacementFit> fitted;
    std::optional<GeoPlacement> placement;
    if (a.has("--clear")) {
        placement.reset();
    } else if (auto list = a.value("--points")) {
        // Control points: a cell and the coordinate of its centre, fitted by least squares.
        std::vector<GeoControlPoint> points;
        std::istringstream items(*list);
        for (std::string item; items >> item;) {
            const auto fields = threeFields(item);
            const auto cell = fields ? scenario->map.grid.parseLabel((*fields)[0]) : std::nullopt;
            const auto px = fields ? limits::parseFiniteNumber((*fields)[1]) : std::nullopt;
            const auto py = fields ? limits::parseFiniteNumber((*fields)[2]) : std::nullopt;
            if (!cell || !px || !py) {
                err << "sandtable place: '" << item
                    << "' is not CCRR,X,Y (a cell and its centre's coordinate)\n";
                return BadInput;
            }
            points.push_back({*cell, *px, *py});
        }
        auto fit = fitPlacement(scenario->map, a.value("--crs").value_or(""), points);
        if (!fit) {
            err << "sandtable place: " << fit.error() << "\n";
            return BadInput;
        }
        placement = fit->placement;
        fitted = *fit;
    } else {
        if (!a.value("--crs") || !a.value("--x") || !a.value("--y")) {
            err << "sandtable place: --crs, --x and --y are required; " << usage << "\n";
            return BadInput;
        }
        GeoPlacement g;
        g.crs = *a.value("--crs");
        if (auto known = checkCoordinateSystem(g.crs); !known) {
            err << "sandtable place: --crs: " << known.error() << "\n";
            return BadInput;
        }
        const auto x = limits::parseFiniteNumber(*a.value("--x")),
                   y = limits::parseFiniteNumber(*a.value("--y"));
        if (!x || !y || !limits::geoCoordinate.allows(*x) || !limits::geoCoordinate.allows(*y)) {
            err << "sandtable place: --x and --y must be numbers (" << limits::geoCoordinate.expected()
                << ")\n";
            return BadInput;
        }
        g.x = *x;
        g.y = *y;
        const std::string anchor = a.value("--anchor").value_or("centre");
        auto named = parseEnum<GeoAnchor>(anchor);
        if (!named) {
            err << "sandtable place: --anchor must be centre or top-left, not '" << anchor << "'\n";
            return BadInput;
        }
        g.anchor = *named;
        if (auto rotation = a.value("--rotation")) {
            const auto r = limits::parseFiniteNumber(*rotation);
            if (!r || !limits::rotationDegrees.allows(*r)) {
                err << "sandtable place: --rotation must be degrees (" << limits::rotationDegrees.expected()
                    << "), not '" << *rotation << "'\n";
                return BadInput;
            }
            g.rotationDegrees = *r;
        }
        placement = g;
    }
    // As the editor places it: a georeferenced background moves with the map.
    const auto placing = placeOnTheEarth(*scenario, placement, pathFromUtf8(file));
    placing.edit->apply(*scenario);
    const std::string target = a.value("-o").value_or(file);
    if (auto saved = saveScenario(*scenario, pathFromUtf8(target)); !saved) {
        err << "sandtable place: " << saved.error() << "\n";
        return BadInput;
    }
    if (a.has("--json")) {
        JsonWriter j;
        j.beginObject().field("file", target).key("placement");
        if (const auto& g = scenario->map.geo) {
            j.beginObject()
                .field("crs", g->crs)
                .field("anchor", enumName(g->anchor))
                .field("x", g->x)
                .field("y", g->y)
                .field("rotation", g->rotationDegrees)
                .endObject();
        } else {
            j.null();
        }
        if (fitted) {
            j.key("residuals_yards").beginArray();
            for (double r : fitted->residuals) {
                j.value(r);
            }
            j.endArray().field("rms_yards", fitted->rms);
        }
        j.field("background_moved", placing.backgroundMoved);
        out << j.endObject().str();
        return Success;
    }
    out << "wrote " << target << "\n";
    if (placing.backgroundMoved) {
        out << "the georeferenced background moved with the map\n";
    }
    if (fitted) {
        out << "placed at " << fitted->placement.x << ", " << fitted->placement.y << ", turned "
            << fitted->placement.rotationDegrees << " degrees; residuals in yards:";
        for (double r : fitted->residuals) {
            out << " " << std::lround(r);
        }
        out << " (rms " << std::lround(fitted->rms) << ")\n";
    }
    return Success;
}

int importElevationCommand(Arguments& a, std::ostream& out, std::ostream& err) {
    const char* usage = "see sandtable import-elevation --help";
    ElevationImportOptions o;
    const auto interval = heightInFeet(a.value("--interval").value_or(""));
    if (!interval || !limits::feetPerContour.allows(static_cast<int>(std::lround(*interval))) ||
        *interval < 1) {
        err << "sandtable import-elevation: --interval must be a height like 20ft or 5m (1 to 10,000 feet); "
            << usage << "\n";
        return BadInput;
    }
    o.intervalFeet = *interval;
    if (auto base = a.value("--base")) {
        o.baseFeet = heightInFeet(*base);
        if (!o.baseFeet) {
            err << "sandtable import-elevation: --base must be a height like 300ft or 90m, not '" << *base
                << "'\n";
            return BadInput;
        }
    }
    if (auto method = a.value("--method")) {
        auto named = parseEnum<ElevationSampling>(*method);
        if (!named) {
            err << "sandtable import-elevation: --method must be mean, max or centre, not '" << *method
                << "'\n";
            return BadInput;
        }
        o.sampling = *named;
    }
    if (auto units = a.value("--dem-units")) {
        if (*units != "m" && *units != "ft") {
            err << "sandtable import-elevation: --dem-units must be m or ft, not '" << *units << "'\n";
            return BadInput;
        }
        o.demUnit = *units == "m" ? HeightUnit::Metre : HeightUnit::Foot;
    }
    const std::string file = a.positionals()[0];
    auto scenario = readScenarioReporting(file, err);
    if (!scenario) {
        return BadInput;
    }
    auto imported = importElevation(scenario->map, pathFromUtf8(a.positionals()[1]), o);
    if (!imported) {
        err << "sandtable import-elevation: " << imported.error() << "\n";
        return BadInput;
    }
    scenario->map.elevation = imported->levels;
    scenario->map.feetPerContour = imported->feetPerContour;
    scenario->map.surface = imported->surface;
    scenario->map.baseFeet = baseFeetOf(*imported);
    const std::string target = a.value("-o").value_or(file);
    if (auto saved = saveScenario(*scenario, pathFromUtf8(target)); !saved) {
        err << "sandtable import-elevation: " << saved.error() << "\n";
        return BadInput;
    }
    if (a.has("--json")) {
        JsonWriter j;
        j.beginObject()
            .field("file", target)
            .field("lowest_feet", imported->lowestFeet)
            .field("highest_feet", imported->highestFeet)
            .field("base_feet", imported->baseFeet)
            .field("feet_per_contour", imported->feetPerContour)
            .key("levels")
            .beginArray();
        for (const auto& [level, count] : imported->histogram) {
            j.beginObject().field("level", level).field("cells", count).endObject();
        }
        j.endArray().key("outside");
        writeCells(j, scenario->map.grid, imported->outside);
        out << j.endObject().str();
        return Success;
    }
    out << "wrote " << target << ": heights " << std::lround(imported->lowestFeet) << " to "
        << std::lround(imported->highestFeet) << " feet, level 0 at " << std::lround(imported->baseFeet)
        << " feet, " << imported->feetPerContour << " feet a level\n";
    for (const auto& [level, count] : imported->histogram) {
        out << "  level " << level << ": " << count << (count == 1 ? " cell\n" : " cells\n");
    }
    if (!imported->outside.empty()) {
        out << imported->outside.size() << " cells lie outside the terrain model and keep their level, from "
            << scenario->map.grid.label(imported->outside.front()) << "\n";
    }
    return Success;
}

int alignBackgroundCommand(Arguments& a, std::ostream& out, std::ostream& err) {
    const std::string file = a.positionals()[0];
    auto scenario = readScenarioReporting(file, err);
    if (!scenario) {
        return BadInput;
    }
    if (!scenario->map.background) {
        err << "sandtable align-background: " << file << " has no background image to align\n";
        return BadInput;
    }
    // Each point: a pixel of the scan and the cell whose centre it belongs at.
    const Layout cells(scenario->map.grid, 1.0);
    std::vector<ControlPoint> points;
    std::vector<std::string> names;
    std::istringstream list(*a.value("--points"));
    for (std::string item; list >> item;) {
        const auto fields = threeFields(item);
        const auto px = fields ? limits::parseFiniteNumber((*fields)[0]) : std::nullopt;
        const auto py = fields ? limits::parseFiniteNumber((*fields)[1]) : std::nullopt;
        const auto cell = fields ? scenario->map.grid.parseLabel((*fields)[2]) : std::nullopt;
        if (!px || !py || !cell) {
            err << "sandtable align-background: '" << item
                << "' is not PX,PY,CCRR (a pixel of the scan and a cell of "
                << "the map)\n";
            return BadInput;
        }
        const Point at = cells.cellCenter(*cell);
        points.push_back({*px, *py, at.x, at.y});
        names.push_back(item);
    }
    auto aligned = scenario->map.background->alignedByPoints(points);
    if (!aligned) {
        err << "sandtable align-background: " << points.size()
            << " points cannot fix the scan: give three or more, not all on one line\n";
        return BadInput;
    }
    scenario->map.background = aligned->first;
    const std::string target = a.value("-o").value_or(file);
    if (auto saved = saveScenario(*scenario, pathFromUtf8(target)); !saved) {
        err << "sandtable align-background: " << saved.error() << "\n";
        return BadInput;
    }
    if (a.has("--json")) {
        JsonWriter j;
        j.beginObject().field("file", target).key("points").beginArray();
        for (std::size_t i = 0; i < names.size(); ++i) {
            j.beginObject()
                .field("point", names[i])
                .field("residual_cells", aligned->second.residuals[i])
                .endObject();
        }
        out << j.endArray().field("rms_cells", aligned->second.rms).endObject().str();
        return Success;
    }
    out << "wrote " << target << ": " << points.size() << " points, residuals in cells:\n";
    for (std::size_t i = 0; i < names.size(); ++i) {
        out << "  " << names[i] << "  " << aligned->second.residuals[i] << "\n";
    }
    out << "  rms " << aligned->second.rms << "\n";
    return Success;
}

int importLandCoverCommand(Arguments& a, std::ostream& out, std::ostream& err) {
    LandCoverOptions o;
    if (auto share = a.value("--min-share")) {
        const auto minimum = minimumShare(*share);
        if (!minimum) {
            err << "sandtable import-land-cover: --min-share must be a percentage ("
                << limits::landCoverSharePercent.expected() << "), not '" << *share << "'\n";
            return BadInput;
        }
        o.minimumShare = *minimum;
    }
    auto table = landCoverTable(*a.value("--table"));
    if (!table) {
        err << "sandtable import-land-cover: --table: " << table.error() << "\n";
        return BadInput;
    }
    const std::string file = a.positionals()[0];
    auto scenario = readScenarioReporting(file, err);
    if (!scenario) {
        return BadInput;
    }
    auto imported = importLandCover(scenario->map, pathFromUtf8(a.positionals()[1]), *table, o);
    if (!imported) {
        err << "sandtable import-land-cover: " << imported.error() << "\n";
        return BadInput;
    }
    scenario->map.terrain = imported->terrain;
    const std::string target = a.value("-o").value_or(file);
    if (auto saved = saveScenario(*scenario, pathFromUtf8(target)); !saved) {
        err << "sandtable import-land-cover: " << saved.error() << "\n";
        return BadInput;
    }
    if (a.has("--json")) {
        JsonWriter j;
        j.beginObject()
            .field("file", target)
            .field("table", table->source)
            .field("changed", imported->changed);
        j.key("cells_by_terrain").beginObject();
        for (const auto& [key, count] : imported->cellsByTerrain) {
            j.field(key, count);
        }
        j.endObject()
            .field("mixed", imported->mixed)
            .field("kept_by_table", imported->keptByTable)
            .field("unlisted", imported->unlisted)
            .key("unlisted_classes")
            .beginArray();
        for (const auto& [value, pixels] : imported->unlistedClasses) {
            j.beginObject()
                .field("class", static_cast<long long>(value))
                .field("pixels", static_cast<long long>(pixels))
                .endObject();
        }
        j.endArray().key("outside");
        writeCells(j, scenario->map.grid, imported->outside);
        out << j.endObject().str();
        return Success;
    }
    int given = 0;
    for (const auto& [key, count] : imported->cellsByTerrain) {
        given += count;
    }
    auto cells = [](long n) { return std::to_string(n) + (n == 1 ? " cell" : " cells"); };
    out << "wrote " << target << ": " << cells(given) << " given terrain by " << table->source << " ("
        << imported->changed << " changed)\n";
    for (const auto& [key, count] : imported->cellsByTerrain) {
        out << "  " << key << ": " << cells(count) << "\n";
    }
    if (imported->mixed > 0) {
        out << cells(imported->mixed) << " mixed (no terrain covers " << std::lround(o.minimumShare * 100)
            << "% of them): left as painted\n";
    }
    if (imported->keptByTable > 0) {
        out << cells(imported->keptByTable) << " mostly of classes the table leaves (-): left as painted\n";
    }
    if (imported->unlisted > 0 || !imported->unlistedClasses.empty()) {
        out << cells(imported->unlisted)
            << " mostly of classes not in the table: left as painted. Classes not in "
            << "the table:";
        for (const auto& [value, pixels] : imported->unlistedClasses) {
            out << " " << value << " (" << pixels << " pixels)";
        }
        out << "\n";
    }
    if (!imported->outside.empty()) {
        out << cells(static_cast<long>(imported->outside.size())) << " lie outside the raster and keep their "
            << "terrain, from " << scenario->map.grid.label(imported->outside.front()) << "\n";
    }
    return Success;
}

} // namespace sandtable::cli
