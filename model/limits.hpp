#pragma once
// Every value limit of a scenario, in one place: the reader, the writer's read-back, the editor's
// panels and dialogs, the CSV import, house-rules parameters and the generator all ask here, so
// nothing is accepted at entry that saving or reopening would later refuse.
#include "order_of_battle.hpp"

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace sandtable {
struct ScenarioInfo;
struct Feature;
struct Reinforcement;
} // namespace sandtable

namespace sandtable::limits {

// A closed range of whole numbers, with what it measures (for messages).
struct IntRange {
    long long lo;
    long long hi;
    constexpr bool allows(long long v) const { return v >= lo && v <= hi; }
    // "a whole number from 1 to 1,000,000"
    std::string expected() const;
};

// A closed range of real numbers; NaN and infinities are never allowed.
struct RealRange {
    double lo;
    double hi;
    bool allows(double v) const;
    // "a number from 0.001 to 100,000"
    std::string expected() const;
};

inline constexpr IntRange mapSide{1, 10'000};
static_assert(mapSide.hi == Grid::maxSide);
inline constexpr long long maxCells = 25'000'000;
inline constexpr IntRange terrainTypes{1, 256};
inline constexpr IntRange elevation{-1000, 1000};
inline constexpr IntRange feetPerContour{1, 10'000};
inline constexpr IntRange baseFeet{-2'000, 30'000}; // below the Dead Sea to above Everest
// A terrain model's heights kept with the map (Map::surface): points a cell, and in all.
inline constexpr IntRange surfaceSamplesPerCell{1, 16};
inline constexpr long long surfacePoints = 4'000'000;
inline constexpr RealRange yardsPerCell{1, 100'000};
inline constexpr IntRange labelBase{0, 1};
inline constexpr IntRange id{1, 1'000'000'000};
inline constexpr IntRange stands{1, 100};
inline constexpr IntRange strength{0, 1'000'000};
inline constexpr IntRange roster{0, 1'000'000};
inline constexpr IntRange turns{1, 999};
inline constexpr IntRange turnMinutes{1, 24 * 60};
inline constexpr IntRange eventRoll{2, 12};
inline constexpr IntRange featureValue{-1000, 1000};
inline constexpr IntRange year{1800, 1899};
inline constexpr IntRange formatVersion{1, 1'000'000};
// Command radii and counts in rule parameters.
inline constexpr IntRange radiusCells{0, 10'000};
inline constexpr RealRange radiusInches{0, 1'000};
inline constexpr RealRange yardsPerInch{0.001, 100'000};
// A tabletop length in inches: a cell's size, or the inches of a rules' scale ("15 inches = 500 yards").
inline constexpr RealRange tabletopInches{0.01, 1'000};
inline constexpr IntRange ruleCount{0, 1'000'000};
// A ruleset's play section: dice thrown at once, a die's sides, a value kept on a unit (its most, or
// its most a stand), what a rally takes off, and the score that completes an entrenchment.
inline constexpr IntRange diceCount{1, 30};
inline constexpr IntRange diceSides{2, 100};
inline constexpr IntRange trackMost{1, 99};
inline constexpr IntRange trackRally{1, 99};
inline constexpr IntRange entrenchingScore{1, 99};
// A ruleset's table: its rows (the heading included) and the cells of a row (the row's name included).
inline constexpr IntRange tableRows{2, 60};
inline constexpr IntRange tableCells{2, 16};
// Background scans.
inline constexpr RealRange backgroundOrigin{-1e6, 1e6};
inline constexpr RealRange unitsPerPixel{1e-9, 1e6};
// A point of a scanned image, in its pixels (a control point may lie a little off the image).
inline constexpr RealRange scanPixel{-1e6, 1e6};
inline constexpr RealRange rotationDegrees{-360, 360};
// A geographic coordinate (metres, feet or degrees of any coordinate system).
inline constexpr RealRange geoCoordinate{-1e9, 1e9};
inline constexpr RealRange opacity{0, 1};
// Land cover: the share of a cell (in percent) one terrain must cover for the cell to take it.
inline constexpr RealRange landCoverSharePercent{1, 100};
// Printing and pictures: lengths in points (1/72 inch). Cairo draws images of at most 32,767
// pixels a side.
inline constexpr RealRange printCellSizePt{72.0 / 25.4, 720};
inline constexpr RealRange printMarginPt{0, 144};
inline constexpr RealRange printDpi{10, 1200};
// A counter on the counter sheets: from 0.4 inch (its text still legible) to 2 inches.
inline constexpr RealRange counterSizePt{28.8, 144};
// A VASSAL board's cell across its flats, in pixels: large enough for a legible counter, small
// enough for VASSAL to hold the board image.
inline constexpr IntRange vassalCellPixels{24, 400};
inline constexpr int defaultVassalCellPixels = 108; // counters about 60 pixels wide
// VASSAL modules read (formats/vassal/module_reader): a zip archive of a build file and pictures.
// What is read is bounded whatever the archive's headers claim: the build file in full up to its
// limit, each board picture only as far as its size is stated.
inline constexpr long long maxVassalArchiveEntries = 100'000;
inline constexpr long long maxVassalBuildFileBytes = 64LL << 20;
inline constexpr long long maxVassalPictureHeaderBytes = 1LL << 20;
// A predefined set-up's saved game: the archive in the module, and the commands it unpacks to.
inline constexpr long long maxVassalSavedGameBytes = 64LL << 20;
inline constexpr IntRange vassalBoardSide{1, 1'000'000};
// A module re-exported over a designer's customised one (--update): each file of theirs kept, and
// all of them together.
inline constexpr long long maxVassalKeptFileBytes = 256LL << 20;
inline constexpr long long maxVassalKeptBytes = 1LL << 30;
// Tiled maps and VASSAL boards imported (formats/tiled, formats/vassal/board_import): every tile
// layer is decoded to one id per cell, so their cells together are bounded, as are a tileset's
// tiles, a layer's nesting and a JSON document's depth; a board's picture is copied whole.
inline constexpr long long maxTiledLayers = 1'000;
inline constexpr long long maxTiledLayerCellsTotal = 50'000'000;
inline constexpr long long maxTiledTilesetTiles = 1'000'000;
inline constexpr int maxTiledNesting = 64;
inline constexpr long long maxVassalBoardPictureBytes = 256LL << 20;
// Terrain models and land cover (formats/terrain_model, formats/land_cover): only the part of a
// raster under the map is read, and at most this many pixels of it (4 bytes each in memory): a
// 1 m model under a 40 x 40 km map. Beyond it the raster is refused and the message says to
// resample it (a cell hundreds of pixels wide gains nothing from them).
inline constexpr long long maxRasterWindowPixels = 50'000'000;
inline constexpr long long maxPrintPages = 5'000;
inline constexpr double maxPrintSidePt = 14'400 * 100.0; // 200 inches a side, for SVG
inline constexpr long long maxPicturePixels = 400'000'000;
// A scanned map under the grid, held decoded twice while it loads (some 7 bytes a pixel): a 33 x 33
// inch sheet at 300 dpi.
inline constexpr long long maxScanPixels = 100'000'000;
inline constexpr long long maxPictureSide = 32'767;
// A thumbnail's longest side in pixels (file managers ask for 128, 256 or 512).
inline constexpr IntRange thumbnailPixels{16, 2048};
// Text: names are one line; notes may be long but not absurd.
inline constexpr std::size_t maxNameBytes = 1'000;
inline constexpr std::size_t maxTextBytes = 1'000'000;
// Files Sandtable reads (a 10,000 x 2,500 map with both layers is well under this).
inline constexpr std::uintmax_t maxFileBytes = 512ull * 1024 * 1024;

// A value quoted for a message: 'text', on one line (line breaks and control characters shown as
// \n, \x01) and cut after 60 bytes, so no message spans lines or floods a terminal.
std::string quoted(std::string_view value);

// "1,000,000", "-1,000", "0.001", "100,000": numbers in messages read like numbers.
std::string formatNumber(long long v);
std::string formatNumber(double v);
// The whole of `text` as a finite number ("12.5", "-3", "1e3"), or nothing (empty, trailing
// characters, NaN, infinities): what a typed or given number must be.
std::optional<double> parseFiniteNumber(std::string_view text);

// A calendar date as YYYY-MM-DD (1861-07-21), year in limits::year; nothing otherwise.
std::optional<std::chrono::year_month_day> parseDate(std::string_view text);
bool isDate(std::string_view text);

// Each returns what is wrong, or nothing: "the name is empty", "stands must be a whole number
// from 1 to 100, not 1,000".
std::optional<std::string> checkName(std::string_view what, std::string_view name);
std::optional<std::string> checkText(std::string_view what, std::string_view text);
std::optional<std::string> checkInteger(std::string_view what, long long v, IntRange range);
std::optional<std::string> checkUnit(const Unit& unit);
std::optional<std::string> checkHeadquarters(const Headquarters& hq);
std::optional<std::string> checkTrain(const Train& train);
std::optional<std::string> checkFeature(const Feature& feature);
std::optional<std::string> checkInfo(const ScenarioInfo& info);

// The length of the well-formed UTF-8 sequence at text[at] (1 for ASCII), or 0 when it is not one.
std::size_t utf8SequenceLength(std::string_view text, std::size_t at);
// Text must be valid UTF-8 without control characters other than tab, line feed and carriage
// return (XML 1.0 cannot hold them). Returns the byte offset of the first bad byte.
std::optional<std::size_t> firstInvalidTextByte(std::string_view text);

} // namespace sandtable::limits
