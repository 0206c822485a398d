#include "formats/land_cover.hpp"

#include "formats/gdal_raster.hpp"
#include "formats/load_error.hpp"
#include "model/limits.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <sstream>

namespace sandtable {

const std::vector<std::pair<std::string_view, std::string_view>>& builtinLandCoverTexts(); // generated

const LandCoverRule* LandCoverTable::find(long value) const {
    auto it = std::ranges::find(rules, value, &LandCoverRule::value);
    return it == rules.end() ? nullptr : &*it;
}

std::expected<LandCoverTable, std::string> parseLandCoverTable(std::string_view text,
                                                               const std::string& source) {
    LandCoverTable table;
    table.source = source;
    int number = 0;
    for (std::string_view lineEnded : splitLines(text)) { // LF, CRLF or a lone CR: the same numbers
        std::string line(lineEnded);
        ++number;
        if (auto hash = line.find('#'); hash != std::string::npos) {
            line.erase(hash);
        }
        std::istringstream fields(line);
        std::string value, terrain;
        if (!(fields >> value)) {
            continue; // blank or a comment
        }
        const std::string where = source + ":" + std::to_string(number) + ": ";
        long cls = 0;
        const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), cls);
        if (ec != std::errc{} || end != value.data() + value.size()) {
            return std::unexpected(where + "'" + value + "' is not a class number (a whole number)");
        }
        if (!(fields >> terrain)) {
            return std::unexpected(where + "class " + value +
                                   " has no terrain (a terrain key, or - to leave it)");
        }
        if (const LandCoverRule* earlier = table.find(cls)) {
            return std::unexpected(where + "class " + value + " is already given on line " +
                                   std::to_string(earlier->line));
        }
        std::string description;
        std::getline(fields >> std::ws, description);
        while (!description.empty() && std::isspace(static_cast<unsigned char>(description.back()))) {
            description.pop_back();
        }
        table.rules.push_back(
            {cls, terrain == "-" ? std::nullopt : std::optional(terrain), std::move(description), number});
    }
    if (table.rules.empty()) {
        return std::unexpected(source + ": no classes (each line is CLASS TERRAIN [description])");
    }
    return table;
}

std::vector<std::string> builtinLandCoverTables() {
    std::vector<std::string> names;
    for (const auto& [name, text] : builtinLandCoverTexts()) {
        names.emplace_back(name);
    }
    return names;
}

std::expected<LandCoverTable, std::string> landCoverTable(const std::string& nameOrFile) {
    for (const auto& [name, text] : builtinLandCoverTexts()) {
        if (name == nameOrFile) {
            return parseLandCoverTable(text, "built-in " + std::string(name));
        }
    }
    std::ifstream in(nameOrFile, std::ios::binary);
    if (!in) {
        std::string names;
        for (const std::string& n : builtinLandCoverTables()) {
            names += (names.empty() ? "" : ", ") + n;
        }
        return std::unexpected(nameOrFile + ": no such table file (and not a built-in table: " + names + ")");
    }
    std::ostringstream text;
    text << in.rdbuf();
    return parseLandCoverTable(text.str(), nameOrFile);
}

std::optional<double> minimumShare(std::string_view text) {
    if (text.ends_with('%')) {
        text.remove_suffix(1);
    }
    const auto percent = limits::parseFiniteNumber(text);
    if (!percent || !limits::landCoverSharePercent.allows(*percent)) {
        return std::nullopt;
    }
    return *percent / 100;
}

std::expected<LandCoverImport, std::string> importLandCover(const Map& map,
                                                            const std::filesystem::path& raster,
                                                            const LandCoverTable& table,
                                                            const LandCoverOptions& options) {
    const std::string file = raster.string();
    if (!(options.minimumShare > 0 && options.minimumShare <= 1)) {
        return std::unexpected(std::string("the minimum share must be more than 0% and at most 100%"));
    }
    // What each rule does, as a bucket a cell's pixels are counted in: a terrain type of the map,
    // "leave as painted", or "not in the table".
    const std::size_t types = map.terrainTypes.size();
    const std::size_t keep = types, unlisted = types + 1, buckets = types + 2;
    std::map<long, std::size_t> bucketOf;
    for (const LandCoverRule& rule : table.rules) {
        if (!rule.terrain) {
            bucketOf[rule.value] = keep;
            continue;
        }
        const auto index = map.terrainIndexOf(*rule.terrain);
        if (!index) {
            std::string keys;
            for (const TerrainType& t : map.terrainTypes) {
                keys += (keys.empty() ? "" : ", ") + t.key;
            }
            return std::unexpected(table.source + ":" + std::to_string(rule.line) + ": terrain '" +
                                   *rule.terrain + "' is not one of this map's terrain types (" + keys + ")");
        }
        bucketOf[rule.value] = *index;
    }
    auto frame = gdal::groundFrame(map);
    if (!frame) {
        return std::unexpected(frame.error());
    }
    auto opened = gdal::openGeoRaster(file, "raster");
    if (!opened) {
        return std::unexpected(opened.error());
    }
    GDALRasterBandH band = GDALGetRasterBand(opened->dataset.get(), 1);
    const int width = opened->width, height = opened->height;
    int hasNoData = 0;
    const double noData = GDALGetRasterNoDataValue(band, &hasNoData);
    auto footprints = gdal::CellFootprints::of(map, *frame, *opened);
    if (!footprints) {
        return std::unexpected(file + ": " + footprints.error());
    }
    // Only the part under the map, and only after its size is known to be within the limit.
    auto classes = gdal::readUnderMap<std::int32_t>(*footprints, *opened, GDT_Int32, file, "classes");
    if (!classes) {
        return std::unexpected(classes.error());
    }
    // Classes are few: a look-up by class for the common 0-65535, the table's map beyond.
    std::vector<std::uint16_t> lookup(65536, static_cast<std::uint16_t>(unlisted));
    for (const auto& [value, bucket] : bucketOf) {
        if (value >= 0 && value < 65536) {
            lookup[static_cast<std::size_t>(value)] = static_cast<std::uint16_t>(bucket);
        }
    }
    auto bucketFor = [&](std::int32_t value) -> std::size_t {
        if (value >= 0 && value < 65536) {
            return lookup[static_cast<std::size_t>(value)];
        }
        auto it = bucketOf.find(value);
        return it == bucketOf.end() ? unlisted : it->second;
    };
    auto classAt = [&](int x, int y) -> std::optional<std::int32_t> {
        const std::int32_t* at = classes->at(x, y);
        if (at == nullptr) {
            return std::nullopt;
        }
        const std::int32_t v = *at;
        if (hasNoData && static_cast<double>(v) == noData) {
            return std::nullopt;
        }
        return v;
    };

    LandCoverImport out;
    out.terrain = map.terrain;
    std::vector<long> counts(buckets);
    std::map<long, long> unlistedHere;
    for (std::size_t i = 0; i < map.grid.cellCount(); ++i) {
        std::ranges::fill(counts, 0);
        unlistedHere.clear();
        long total = 0;
        auto count = [&](std::int32_t value) {
            const std::size_t b = bucketFor(value);
            ++counts[b];
            ++total;
            if (b == unlisted) {
                ++unlistedHere[value];
            }
        };
        footprints->forEachPixel(i, width, height, [&](int x, int y) {
            if (auto v = classAt(x, y)) {
                count(*v);
            }
        });
        if (total == 0 && footprints->centreKnown(i)) {
            // A cell smaller than a pixel holds no pixel centre: the pixel under its centre decides.
            const Point c = footprints->centre(i);
            if (c.x >= 0 && c.y >= 0 && c.x < width && c.y < height) { // NaN and far points fail too
                if (auto v = classAt(static_cast<int>(c.x), static_cast<int>(c.y))) {
                    count(*v);
                }
            }
        }
        if (total == 0) {
            out.outside.push_back(map.grid.offsetAt(i));
            continue;
        }
        for (const auto& [value, pixels] : unlistedHere) {
            out.unlistedClasses[value] += pixels;
        }
        const auto most = static_cast<std::size_t>(std::ranges::max_element(counts) - counts.begin());
        if (static_cast<double>(counts[most]) < options.minimumShare * static_cast<double>(total)) {
            ++out.mixed;
        } else if (most == keep) {
            ++out.keptByTable;
        } else if (most == unlisted) {
            ++out.unlisted;
        } else {
            ++out.cellsByTerrain[map.terrainTypes[most].key];
            if (out.terrain[i] != static_cast<TerrainIndex>(most)) {
                out.terrain[i] = static_cast<TerrainIndex>(most);
                ++out.changed;
            }
        }
    }
    if (out.outside.size() == map.grid.cellCount()) {
        return std::unexpected(file + ": the raster covers none of the map's cells where the map is placed");
    }
    return out;
}

} // namespace sandtable
