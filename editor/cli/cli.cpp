#include "cli.hpp"

#include "commands.hpp"
#include "subcommand.hpp"

#include <algorithm>
#include <array>
#include <exception>
#include <functional>
#include <new>
#include <ostream>

#ifndef SANDTABLE_VERSION
#define SANDTABLE_VERSION "0.0.0"
#endif

namespace sandtable::cli {
namespace {

using Need = Option::Need;

constexpr Option jsonOption{"--json", "", "the same as a JSON document (docs/cli.md describes its fields)"};
constexpr Option outputOption{"-o", "OUT", "save the result as OUT (default: FILE itself, atomically)"};

constexpr Option scenarioOption{"--scenario", "NAME|NUMBER",
                                "the battle's scenario to use, by title or number (default: the first)"};

constexpr std::array infoOptions{
    Option{"--scenario", "NAME|NUMBER", "describe this scenario's deployment (default: the first)"},
    jsonOption};

constexpr std::array validateOptions{
    Option{"--ruleset", "NAME|PATH",
           "a built-in ruleset or a house-rules file instead of the scenario's own"},
    Option{"--all", "",
           "also every ruleset the scenario declares in also-rulesets (exit 1 if any has errors)"},
    Option{"--scenario", "NAME|NUMBER",
           "only this scenario of the battle, by title or number (default: all)"},
    Option{"--json", "", "a JSON report (docs/validation.md); with --all, an array of them"},
    Option{"--severity", "error|warning|info",
           "show only findings at or above this severity (default info: all)"},
};

constexpr std::array exportOptions{
    Option{"--to", "{kinds}", "what to write (default: the kind OUT's extension names)", Need::Usual},
    Option{"-o, --output", "OUT", "the file to write", Need::Required},
    Option{"--force", "", "export despite errors, and record that it was forced"},
    Option{"--cell-size", "LEN",
           "a hex across its flats (or a square's side) on paper: 25mm, 1in (default 1in)"},
    Option{"--paper", "{papers}", "the printed pages' paper (pdf)"},
    Option{"--orientation", "portrait|landscape", "the pages' orientation (pdf)"},
    Option{"--dpi", "N", "a png's resolution (default 150)"},
    Option{
        "--counter-size", "LEN",
        "a counter's side on the counter sheets: 0.5in, 0.625in, 0.75in, 16mm (default 0.8 of --cell-size)"},
    Option{"--layers", "{layers}", "the layers drawn, comma-separated (default: all)"},
    Option{"--style", "{styles}",
           "the map's style (natural: the ground drawn as a picture under the grid; cells: each cell in "
           "its terrain's colour) and its ink: colour, or what prints well in black and white (default "
           "natural,colour)"},
    Option{"--margin", "LEN", "the unprinted margin of each page (pdf)"},
    Option{"--cell-pixels", "N", "a cell's width on a VASSAL board in pixels (default 108)"},
    Option{"--update", "OLD.vmod",
           "a module made before and customised in VASSAL: keep what the designer added, make Sandtable's "
           "again"},
    scenarioOption,
};

constexpr std::array rulesetsOptions{jsonOption};

constexpr std::array generateOptions{
    Option{"--cols", "N", "columns (default 100)"},
    Option{"--rows", "N", "rows (default 100)"},
    Option{"--units", "N", "units in the orders of battle (default 1000)"},
    Option{"--roads", "N", "roads across the map (default: from the map's size)"},
    Option{"--seed", "S", "the random seed (default 1)"},
    Option{"--grid", "hex-flat|hex-pointy|square", "the grid (default hex-flat)"},
    Option{"-o, --output", "FILE", "the scenario to write", Need::Required},
};

constexpr std::array placeOptions{
    Option{"--crs", "CRS", "the coordinate system of X and Y (EPSG:4326, EPSG:32618...)"},
    Option{"--x", "X", "the easting (or longitude) of the anchor"},
    Option{"--y", "Y", "the northing (or latitude) of the anchor"},
    Option{"--anchor", "centre|top-left", "the map's centre (default) or its picture's top-left corner"},
    Option{"--rotation", "DEG", "degrees clockwise from north-up (default 0)"},
    Option{"--points", "\"CCRR,X,Y CCRR,X,Y...\"",
           "cells and their centres' coordinates, fitted by least squares"},
    Option{"--clear", "", "take the map off the Earth"},
    outputOption,
    jsonOption,
};

constexpr std::array importElevationOptions{
    Option{"--interval", "HEIGHT", "one contour level: 20ft, 10m", Need::Usual},
    Option{"--method", "mean|max|centre",
           "the height of a cell: the mean (default) or highest inside it, or at its centre"},
    Option{"--base", "HEIGHT", "the height of level 0 (default: the lowest found)"},
    Option{"--dem-units", "m|ft", "the DEM's height unit when it does not say (default m)"},
    outputOption,
    jsonOption,
};

constexpr std::array importLandCoverOptions{
    Option{"--table", "nlcd|worldcover|TABLE", "a built-in table or a file of lines CLASS TERRAIN",
           Need::Required},
    Option{"--min-share", "PERCENT", "the share of a cell its terrain must cover (default 50%)"},
    outputOption,
    jsonOption,
};

constexpr std::array importOptions{
    Option{"-o, --output", "OUT.sandtable.xml", "the battle to write", Need::Required},
    Option{"--terrain-table", "TABLE", "a Tiled map's tiles to terrain: lines TILE = TERRAIN"},
    Option{"--tiles-background", "", "a Tiled map's tiles drawn as a picture under the grid (OUT-tiles.png)"},
    Option{"--board", "NAME", "a VASSAL module's board (BOARD or MAP/BOARD; default: the first with a grid)"},
    jsonOption,
};

constexpr std::array alignBackgroundOptions{
    Option{"--points", "\"PX,PY,CCRR PX,PY,CCRR PX,PY,CCRR...\"",
           "pixels of the scan and the cells they belong at", Need::Required},
    outputOption,
    jsonOption,
};

constexpr std::array thumbnailOptions{
    Option{"--size", "N", "the picture's longer side in pixels (default 256)"},
    scenarioOption,
};

constexpr std::array<Option, 0> noOptions{};

constexpr std::array table{
    Subcommand{"info", "describe a scenario: grid, layers, order of battle, deployment", "FILE", 1, 1,
               infoOptions,
               "Prints the grid, size and scale, cells per terrain type, hexsides, paths and map features,\n"
               "the order of battle of each side and how much of it is deployed.\n",
               infoCommand},
    Subcommand{
        "validate", "check a scenario against its ruleset's stacking, command and supply rules", "FILE", 1, 1,
        validateOptions,
        "Runs the scenario's ruleset (or --ruleset: a built-in name or a house-rules file) and prints one\n"
        "line per finding: FILE: CCRR: severity rule.key: message. Exit 0 when there is no error, 1 when\n"
        "there are errors, 2 when the file or ruleset cannot be read.\n",
        validateCommand},
    Subcommand{
        "export", "export for other programs (Tiled TMX, VASSAL, JSON) or print (PDF, SVG, PNG)", "FILE", 1,
        1, exportOptions,
        "Validates the scenario under its ruleset first: errors stop the export (exit 1) unless --force,\n"
        "which records that it was forced; warnings are printed. tmx writes OUT.tmx with OUT-terrain.tsx,\n"
        "OUT-terrain.png and OUT-elevation.png beside it; json one engine-neutral file. pdf prints the map\n"
        "at tabletop scale (--cell-size), tiled over pages with overlap, alignment marks and a page index\n"
        "after an overview page; svg is the whole map at that size; png one image at --dpi.\n"
        "vassal writes a VASSAL module: the board (--cell-pixels a cell, so counters are about 60\n"
        "pixels), its grid and numbering, a counter for every piece, the set-up as at-start stacks, the\n"
        "reinforcements and the scenario's text; a battle's module makes every scenario a game set-up\n"
        "at File > New game (validated all, each under its ruleset). With --scenario, that one only.\n"
        "roster, counters and booklet are PDFs: rosters per side, a counter sheet at the cell size, the\n"
        "booklet. vassal, json and booklet hold every scenario of a battle; the others the --scenario\n"
        "chosen. See docs/export.md.\n",
        nullptr, RunsIn::DrawingProgram},
    Subcommand{"rulesets", "list the built-in rulesets and their rules", "[NAME|PATH]", 0, 1, rulesetsOptions,
               "Lists each built-in ruleset (or the one given) with its rules, severities and parameters.\n",
               rulesetsCommand},
    Subcommand{
        "convert", "read a scenario and write it again (canonical form)", "IN OUT", 2, 2, noOptions,
        "Reads IN and saves it as OUT in the canonical native format (atomic; an existing OUT is kept\n"
        "as OUT.bak). Reports IN's errors with file, line and column.\n",
        convertCommand},
    Subcommand{"generate", "write a synthetic, valid scenario for tests and benchmarks", "", 0, 0,
               generateOptions, "Random but reproducible: the same options give the same file.\n",
               generateCommand},
    Subcommand{
        "place", "put the map on the Earth: a coordinate for its centre (or corner) and its rotation", "FILE",
        1, 1, placeOptions,
        "Three ways: --crs with --x and --y (and --anchor, --rotation); --crs with --points, two or more\n"
        "cells and the coordinates of their centres fitted by least squares (position and rotation, at\n"
        "the map's scale; each point's residual is printed); or --clear. CRS is any coordinate system\n"
        "GDAL and PROJ know. The ground scale is the map's own. Saves FILE (or OUT) atomically.\n",
        nullptr, RunsIn::EditorProgram},
    Subcommand{
        "import-elevation", "take the map's elevation from a terrain model (DEM) through GDAL", "FILE DEM", 2,
        2, importElevationOptions,
        "Samples DEM (any raster GDAL reads: GeoTIFF, SRTM .hgt, ASCII grid...) over every cell of the\n"
        "placed map (sandtable place): the mean or the highest height inside the cell, or the height at\n"
        "its centre, and sets each cell's level at the interval from the base. Cells the DEM does not\n"
        "cover keep their level and are reported. Prints the levels' histogram. See\n"
        "docs/terrain-data.md.\n",
        nullptr, RunsIn::EditorProgram},
    Subcommand{
        "import-land-cover", "a first pass at the terrain from a land-cover raster, class by class",
        "FILE RASTER", 2, 2, importLandCoverOptions,
        "Samples RASTER (a classified land-cover raster GDAL reads: NLCD, ESA WorldCover...) over every\n"
        "cell of the placed map (sandtable place), turns its classes into terrain types by the table (a\n"
        "built-in one, or a file of lines CLASS TERRAIN, TERRAIN '-' to leave such cells alone) and gives\n"
        "each cell the terrain that covers at least --min-share of it. Cells that are mixed, mostly of\n"
        "classes the table leaves or does not list, or outside the raster keep their terrain; all are\n"
        "reported. Land cover is today's: check the result against the period maps. See\n"
        "docs/terrain-data.md.\n",
        nullptr, RunsIn::EditorProgram},
    Subcommand{
        "import", "make a battle of a Tiled map or a VASSAL module's board", "FILE", 1, 1, importOptions,
        "FILE is a Tiled map (.tmx, .tmx.gz, .tmj or .json; orthogonal or hexagonal) or a VASSAL module\n"
        "(.vmod). A Tiled map's grid becomes the battle's, its tiles terrain by --terrain-table (lines\n"
        "TILE = TERRAIN, TILE a global id, TILESET:ID or a tile's class; TERRAIN '-' to leave it) or by "
        "what\n"
        "the tiles say (a terrain key as class, or a terrain, key or level property); its objects roads,\n"
        "rivers, walls, towns and labels where their class says which. A VASSAL board's grid becomes the\n"
        "battle's, its picture the background aligned to the cells (written as OUT-board.png beside OUT),\n"
        "its at-start stacks the deployment and each predefined set-up a scenario; a piece's side comes\n"
        "from its prototypes, markers, name or counter colour, else it is listed under 'Side not known'.\n"
        "Prints what became what and what was not converted. See docs/import.md.\n",
        nullptr, RunsIn::DrawingProgram},
    Subcommand{"thumbnail", "draw the whole map as a small picture, as file managers show a scenario",
               "FILE OUT.png", 2, 2, thumbnailOptions,
               "Draws the map (ground, water, roads and forces; no grid, numbers or names) as a PNG whose\n"
               "longer side is --size pixels, written atomically. The desktop's thumbnailer calls it.\n",
               nullptr, RunsIn::DrawingProgram},
    Subcommand{"man-page", "write this manual as a man page (roff), made from these commands' help", "", 0, 0,
               noOptions, "Writes sandtable(1) to standard output; the Debian package installs it.\n",
               nullptr, RunsIn::DrawingProgram},
    Subcommand{
        "align-background", "line a scanned map up by three or more control points (least squares)", "FILE",
        1, 1, alignBackgroundOptions,
        "Each point is a pixel of the background scan and the cell whose centre it belongs at. The\n"
        "affine transformation that fits them best (scale, rotation, stretch and skew) is kept in the\n"
        "scenario; each point's residual (in cells) and their rms are printed.\n",
        nullptr, RunsIn::EditorProgram},
};

void printHelp(std::ostream& out) {
    out << "sandtable " SANDTABLE_VERSION " - " << programSummary
        << "\n\n"
           "usage: sandtable [FILE]            open the editor (on FILE)\n"
           "       sandtable COMMAND [ARGS]    run headless, without a display\n\n"
           "commands:\n";
    std::size_t width = 0;
    for (const auto& c : table) {
        width = std::max(width, c.name.size());
    }
    for (const auto& c : table) {
        out << "  " << c.name << std::string(width + 2 - c.name.size(), ' ') << c.summary << "\n";
    }
    out << "\nsandtable COMMAND --help shows a command's options.\n"
           "exit codes: 0 success, 1 the scenario has problems, 2 bad input or usage.\n";
}

// "{kinds}" and the like filled in from their one table each (helpPlaceholders).
std::string filled(std::string text) {
    for (const auto& [placeholder, value] : helpPlaceholders()) {
        for (auto at = text.find(placeholder); at != std::string::npos; at = text.find(placeholder, at)) {
            text.replace(at, placeholder.size(), value);
            at += value.size();
        }
    }
    return text;
}

// The name handlers ask for ("-o" of "-o, --output").
std::string_view firstName(const Option& option) {
    return option.names.substr(0, option.names.find(','));
}

std::string withValue(const Option& option, std::string_view name) {
    return std::string(name) + (option.value.empty() ? "" : " " + filled(std::string(option.value)));
}

// Options longer than this have their help on the next line.
constexpr std::size_t optionColumn = 34;

} // namespace

std::string optionShown(const Option& option, bool allNames) {
    return withValue(option, allNames ? option.names : firstName(option));
}

std::vector<std::string> synopsisWords(const Subcommand& c) {
    std::vector<std::string> words;
    if (!c.arguments.empty()) {
        words.emplace_back(c.arguments);
    }
    for (const Option& o : c.options) {
        const std::string shown = withValue(o, firstName(o));
        words.push_back(o.need == Option::Need::Optional ? "[" + shown + "]" : shown);
    }
    return words;
}

std::string filledText(std::string_view text) {
    return filled(std::string(text));
}

std::span<const Subcommand> subcommands() {
    return table;
}

const Subcommand* findSubcommand(std::string_view name) {
    auto it = std::ranges::find(table, name, &Subcommand::name);
    return it == table.end() ? nullptr : &*it;
}

std::string usageOf(const Subcommand& c) {
    // The synopsis: the arguments, then each option (bracketed unless it is usually given), wrapped.
    const std::string head = "sandtable " + std::string(c.name);
    std::string text = "usage: " + head;
    std::size_t column = text.size();
    auto word = [&](const std::string& w) {
        if (column + 1 + w.size() > 100) {
            text += "\n" + std::string(7 + head.size(), ' ');
            column = 7 + head.size();
        }
        text += " " + w;
        column += 1 + w.size();
    };
    for (const std::string& w : synopsisWords(c)) {
        word(w);
    }
    text += "\n\n" + filled(std::string(c.description));
    if (!c.options.empty()) {
        std::size_t width = 0;
        for (const Option& o : c.options) {
            if (const std::size_t size = withValue(o, o.names).size(); size <= optionColumn) {
                width = std::max(width, size);
            }
        }
        text += "\noptions:\n";
        for (const Option& o : c.options) {
            const std::string shown = withValue(o, o.names);
            const std::string help =
                filled(std::string(o.help)) + (o.need == Option::Need::Required ? " (required)" : "") + "\n";
            text += "  " + shown +
                    (shown.size() <= width ? std::string(width + 2 - shown.size(), ' ') + help
                                           : "\n" + std::string(width + 4, ' ') + help);
        }
    }
    return text;
}

Arguments parseFor(const Subcommand& c, const std::vector<std::string>& args) {
    std::set<std::string> flags, valued;
    std::vector<std::pair<std::string, std::string>> aliases; // another name -> the first
    for (const Option& o : c.options) {
        std::string_view names = o.names;
        const std::string first(firstName(o));
        while (!names.empty()) {
            const auto comma = names.find(',');
            std::string name(names.substr(0, comma));
            names = comma == std::string_view::npos ? std::string_view{} : names.substr(comma + 1);
            name.erase(0, name.find_first_not_of(' '));
            (o.value.empty() ? flags : valued).insert(name);
            if (name != first) {
                aliases.emplace_back(name, first);
            }
        }
    }
    Arguments a(args, flags, valued);
    for (const auto& [alias, first] : aliases) {
        a.rename(alias, first);
    }
    if (!a.ok()) {
        return a;
    }
    const auto count = static_cast<int>(a.positionals().size());
    if (count < c.minArguments || count > c.maxArguments) {
        if (c.maxArguments == 0) {
            a.fail("unexpected argument '" + a.positionals().front() + "'");
        } else if (c.minArguments == 0) {
            a.fail("at most one " + std::string(c.arguments.substr(1, c.arguments.size() - 2)));
        } else if (c.maxArguments == 1) {
            a.fail("expected one " + std::string(c.arguments));
        } else {
            std::string names(c.arguments);
            names.replace(names.rfind(' '), 1, " and ");
            a.fail("expected " + names);
        }
        return a;
    }
    for (const Option& o : c.options) {
        if (o.need == Option::Need::Required && !a.value(std::string(firstName(o))) &&
            !a.has(std::string(firstName(o)))) {
            a.fail(withValue(o, firstName(o)) + " is required", false);
            return a;
        }
    }
    return a;
}

RunsIn programFor(const std::vector<std::string>& args) {
    if (args.empty()) {
        return RunsIn::EditorProgram;
    }
    const bool help = args[0] == "help" && args.size() > 1;
    const Subcommand* c = findSubcommand(help ? args[1] : args[0]);
    if (c == nullptr) {
        // The list of commands and the version; anything else opens the editor.
        return help || isHeadless(args[0]) ? RunsIn::Sandtable : RunsIn::EditorProgram;
    }
    return c->runsIn;
}

bool isHeadless(std::string_view first) {
    return first == "--help" || first == "-h" || first == "help" || first == "--version" ||
           findSubcommand(first) != nullptr;
}

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
        if (args.size() > 1 && args[0] == "help") {
            if (const Subcommand* c = findSubcommand(args[1])) {
                out << usageOf(*c);
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
    const Subcommand* c = findSubcommand(args[0]);
    if (c == nullptr) {
        err << "sandtable: unknown command '" << args[0] << "'; see sandtable --help\n";
        return BadInput;
    }
    CommandFunction function = c->run;
    if (c->runsIn != RunsIn::Sandtable) {
        const auto commands = programCommands();
        const auto it = std::ranges::find(commands, c->name, &ProgramCommand::name);
        if (it == commands.end()) {
            err << "sandtable " << c->name << ": runs in " << programName(c->runsIn)
                << ", not in this program\n";
            return BadInput;
        }
        function = it->run;
    }
    std::vector<std::string> rest(args.begin() + 1, args.end());
    if (std::ranges::find(rest, "--help") != rest.end() || std::ranges::find(rest, "-h") != rest.end()) {
        out << usageOf(*c);
        return Success;
    }
    Arguments a = parseFor(*c, rest);
    if (!a.ok()) {
        err << "sandtable " << c->name << ": " << a.error();
        if (a.seeHelp()) {
            err << "; see sandtable " << c->name << " --help";
        }
        err << "\n";
        return BadInput;
    }
    return runGuarded(
        c->name, [&] { return function(a, out, err); }, err);
}

int runGuarded(std::string_view name, const std::function<int()>& work, std::ostream& err) {
    const auto failed = [&](std::string what) {
        std::ranges::replace_if(
            what, [](char c) { return c == '\n' || c == '\r'; }, ' '); // one line
        err << "sandtable " << name << ": " << what << "\n";
        return BadInput;
    };
    try {
        return work();
    } catch (const std::bad_alloc&) {
        return failed("out of memory (the input asks for more than this computer has)");
    } catch (const std::exception& e) {
        return failed(std::string("stopped by an unexpected error: ") + e.what());
    } catch (...) {
        return failed("stopped by an unexpected error");
    }
}

} // namespace sandtable::cli
