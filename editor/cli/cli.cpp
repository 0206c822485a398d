#include "cli.hpp"

#include "commands.hpp"
#include "exports/export_kinds.hpp"

#include <algorithm>
#include <array>
#include <ostream>

#ifndef SANDTABLE_VERSION
#define SANDTABLE_VERSION "0.0.0"
#endif

namespace sandtable::cli {
namespace {

struct Subcommand {
    std::string_view name;
    std::string_view summary;
    std::string_view usage;
    int (*run)(const std::vector<std::string>&, std::ostream&, std::ostream&);
};

constexpr std::array subcommands{
    Subcommand{"info", "describe a scenario: grid, layers, order of battle, deployment",
               "sandtable info FILE [--json]\n\n"
               "Prints the grid, size and scale, cells per terrain type, hexsides, paths and map features,\n"
               "the order of battle of each side and how much of it is deployed.\n\n"
               "  --json   the same as a JSON document (docs/cli.md describes its fields)\n",
               infoCommand},
    Subcommand{
        "validate", "check a scenario against its ruleset's stacking, command and supply rules",
        "sandtable validate FILE [--ruleset NAME|PATH | --all] [--json] [--severity error|warning|info]\n\n"
        "Runs the scenario's ruleset (or --ruleset: a built-in name or a house-rules file) and prints one "
        "line\n"
        "per finding: FILE: CCRR: severity rule.key: message. Exit 0 when there is no error, 1 when there\n"
        "are errors, 2 when the file or ruleset cannot be read.\n\n"
        "  --all        also every ruleset the scenario declares in also-rulesets (exit 1 if any has "
        "errors)\n"
        "  --json       a JSON report (docs/validation.md); with --all, an array of them\n"
        "  --severity   show only findings at or above this severity (default info: all)\n",
        validateCommand},
    Subcommand{
        "export", "export for other programs (Tiled TMX, VASSAL, JSON) or print (PDF, SVG, PNG)",
        "sandtable export FILE --to {kinds} -o OUT [--force]\n"
        "                [--cell-size LEN] [--paper {papers}] [--orientation "
        "portrait|landscape] [--dpi N]\n"
        "                [--layers {layers}] [--style {styles}] [--margin LEN] [--cell-pixels N]\n\n"
        "Validates the scenario under its ruleset first: errors stop the export (exit 1) unless --force,\n"
        "which records that it was forced; warnings are printed. tmx writes OUT.tmx with OUT-terrain.tsx,\n"
        "OUT-terrain.png and OUT-elevation.png beside it; json one engine-neutral file. pdf prints the map\n"
        "at tabletop scale: --cell-size is a hex across its flats (or a square's side) on paper, like 25mm\n"
        "or 1in (default 1in), tiled over pages with overlap, alignment marks and a page index after an\n"
        "overview page; svg is the whole map at that size; png one image at --dpi (default 150).\n"
        "vassal writes a VASSAL module: the board (--cell-pixels a cell, default 108, so counters are\n"
        "about 60 pixels), its grid and numbering, a counter for every piece, the set-up as at-start\n"
        "stacks, the reinforcements and the scenario's text.\n"
        "roster, counters and booklet are PDFs: rosters per side, a counter sheet at the cell size, the\n"
        "scenario booklet. See docs/export.md.\n",
        exportCommand},
    Subcommand{"rulesets", "list the built-in rulesets and their rules",
               "sandtable rulesets [NAME|PATH] [--json]\n\n"
               "Lists each built-in ruleset (or the one given) with its rules, severities and parameters.\n",
               rulesetsCommand},
    Subcommand{
        "convert", "read a scenario and write it again (canonical form)",
        "sandtable convert IN OUT\n\n"
        "Reads IN and saves it as OUT in the canonical native format (atomic; an existing OUT is kept\n"
        "as OUT.bak). Reports IN's errors with file, line and column.\n",
        convertCommand},
    Subcommand{"generate", "write a synthetic, valid scenario for tests and benchmarks",
               "sandtable generate --cols N --rows N --units N [--roads N] [--seed S] [--grid "
               "hex-flat|hex-pointy|square] -o FILE\n\n"
               "Random but reproducible: the same options give the same file.\n",
               generateCommand},
    Subcommand{
        "place", "put the map on the Earth: a coordinate for its centre (or corner) and its rotation",
        "sandtable place FILE --crs CRS --x X --y Y [--anchor centre|top-left] [--rotation DEG] [-o OUT] "
        "[--json]\n"
        "sandtable place FILE --crs CRS --points \"CCRR,X,Y CCRR,X,Y...\" [-o OUT] [--json]\n"
        "sandtable place FILE --clear [-o OUT]\n\n"
        "With --points, two or more cells and the coordinates of their centres are fitted by least\n"
        "squares (position and rotation, at the map's scale) and each point's residual is printed.\n"
        "CRS is any coordinate system GDAL and PROJ know (EPSG:4326 for longitude and latitude,\n"
        "EPSG:32618 for UTM zone 18N...); X and Y are the easting and northing (or longitude and\n"
        "latitude) of the map's centre or the top-left corner of its picture; the rotation is in degrees\n"
        "clockwise from north-up. The ground scale is the map's own. Saves FILE (or OUT) atomically.\n",
        placeCommand},
    Subcommand{
        "import-elevation", "take the map's elevation from a terrain model (DEM) through GDAL",
        "sandtable import-elevation FILE DEM --interval 20ft [--method mean|max|centre] [--base 300ft]\n"
        "                [--dem-units m|ft] [-o OUT] [--json]\n\n"
        "Samples DEM (any raster GDAL reads: GeoTIFF, SRTM .hgt, ASCII grid...) over every cell of the\n"
        "placed map (sandtable place): the mean or the highest height inside the cell, or the height at\n"
        "its centre, and sets each cell's level at the interval from the base (default: the lowest\n"
        "height found). Cells the DEM does not cover keep their level and are reported. Prints the\n"
        "levels' histogram. See docs/terrain-data.md.\n",
        importElevationCommand},
    Subcommand{
        "import-land-cover", "a first pass at the terrain from a land-cover raster, class by class",
        "sandtable import-land-cover FILE RASTER --table nlcd|worldcover|TABLE [--min-share 50%] [-o OUT]\n"
        "                [--json]\n\n"
        "Samples RASTER (a classified land-cover raster GDAL reads: NLCD, ESA WorldCover...) over every\n"
        "cell of the placed map (sandtable place), turns its classes into terrain types by the table (a\n"
        "built-in one, or a file of lines CLASS TERRAIN, TERRAIN '-' to leave such cells alone) and gives\n"
        "each cell the terrain that covers at least --min-share of it. Cells that are mixed, mostly of\n"
        "classes the table leaves or does not list, or outside the raster keep their terrain; all are\n"
        "reported. Land cover is today's: check the result against the period maps. See\n"
        "docs/terrain-data.md.\n",
        importLandCoverCommand},
    Subcommand{
        "align-background", "line a scanned map up by three or more control points (least squares)",
        "sandtable align-background FILE --points \"PX,PY,CCRR PX,PY,CCRR PX,PY,CCRR...\" [-o OUT] "
        "[--json]\n\n"
        "Each point is a pixel of the background scan and the cell whose centre it belongs at. The\n"
        "affine transformation that fits them best (scale, rotation, stretch and skew) is kept in the\n"
        "scenario; each point's residual (in cells) and their rms are printed.\n",
        alignBackgroundCommand},
};

void printHelp(std::ostream& out) {
    out << "sandtable " SANDTABLE_VERSION
           " - scenario and map editor for American Civil War grid wargames\n\n"
           "usage: sandtable [FILE]            open the editor (on FILE)\n"
           "       sandtable COMMAND [ARGS]    run headless, without a display\n\n"
           "commands:\n";
    std::size_t width = 0;
    for (const auto& c : subcommands) {
        width = std::max(width, c.name.size());
    }
    for (const auto& c : subcommands) {
        out << "  " << c.name << std::string(width + 2 - c.name.size(), ' ') << c.summary << "\n";
    }
    out << "\nsandtable COMMAND --help shows a command's options.\n"
           "exit codes: 0 success, 1 the scenario has problems, 2 bad input or usage.\n";
}

// A usage text with the export kinds, papers and layers filled in from their one table each.
std::string usageOf(const Subcommand& c) {
    std::string text(c.usage);
    auto fill = [&](std::string_view placeholder, const std::string& value) {
        if (auto at = text.find(placeholder); at != std::string::npos) {
            text.replace(at, placeholder.size(), value);
        }
    };
    std::string kinds, paperNames, layers;
    for (const ExportKind& k : exportKinds()) {
        kinds += (kinds.empty() ? "" : "|") + std::string(k.kind);
    }
    for (const PaperSize& p : papers()) {
        paperNames += (paperNames.empty() ? "" : "|") + p.name;
    }
    for (const auto& [name, member] : renderLayers) {
        layers += (layers.empty() ? "" : ",") + std::string(name);
    }
    fill("{kinds}", kinds);
    fill("{papers}", paperNames);
    fill("{layers}", layers);
    std::string styles;
    for (const auto& [name, value] : inkStyles) {
        styles += (styles.empty() ? "" : "|") + std::string(name);
    }
    fill("{styles}", styles);
    return text;
}

const Subcommand* find(std::string_view name) {
    auto it = std::ranges::find(subcommands, name, &Subcommand::name);
    return it == subcommands.end() ? nullptr : &*it;
}

} // namespace

bool isHeadless(std::string_view first) {
    return first == "--help" || first == "-h" || first == "help" || first == "--version" ||
           find(first) != nullptr;
}

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
        if (args.size() > 1 && args[0] == "help") {
            if (const Subcommand* c = find(args[1])) {
                out << "usage: " << usageOf(*c);
                return Success;
            }
        }
        printHelp(out);
        return Success;
    }
    if (args[0] == "--version") {
        out << "sandtable " SANDTABLE_VERSION "\n";
        return Success;
    }
    const Subcommand* c = find(args[0]);
    if (c == nullptr) {
        err << "sandtable: unknown command '" << args[0] << "'; see sandtable --help\n";
        return BadInput;
    }
    std::vector<std::string> rest(args.begin() + 1, args.end());
    if (std::ranges::find(rest, "--help") != rest.end() || std::ranges::find(rest, "-h") != rest.end()) {
        out << "usage: " << usageOf(*c);
        return Success;
    }
    return c->run(rest, out, err);
}

} // namespace sandtable::cli
