#pragma once
// One entry per subcommand, as the editor's actions are one table: its name, summary, arguments,
// options (each with its value's name and help line), description and handler. `sandtable --help`
// lists the table, `sandtable COMMAND --help` writes the command's usage from its entry, and the
// options are parsed from the same entry before its handler runs, so no option is named twice.
#include "arguments.hpp"

#include <iosfwd>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sandtable::cli {

struct Option {
    std::string_view names; // "--json", or "-o, --output": the first is the one handlers ask for
    std::string_view value; // what it takes ("OUT", "N", "{papers}"); empty: a flag
    std::string_view help;
    // Required: the command refuses to run without it. Usual: shown unbracketed in the synopsis
    // (given nearly always) but not demanded.
    enum class Need { Optional, Usual, Required } need = Need::Optional;
};

// Which program runs a command. Most run in `sandtable` itself, which loads no library it does not
// need, so they start in a few milliseconds. Those that draw (Cairo, Pango) or read VASSAL modules
// and Tiled maps (libzip) run in `sandtable-draw`, which has those and neither the GUI toolkit nor
// GDAL (whose libraries took 180 ms to load, more than a small export's whole work); those that read
// terrain data (GDAL) run in `sandtable-editor`, the program with everything. `sandtable` hands the
// whole command line to the one that runs it (docs/architecture.md, "Three programs"). On Windows,
// and in the tests, one program runs every command.
enum class RunsIn { Sandtable, DrawingProgram, EditorProgram };

// The program's file name (without .exe), the one place each is named.
constexpr std::string_view programName(RunsIn program) {
    switch (program) {
    case RunsIn::Sandtable:
        return "sandtable";
    case RunsIn::DrawingProgram:
        return "sandtable-draw";
    case RunsIn::EditorProgram:
        break;
    }
    return "sandtable-editor";
}

using CommandFunction = int (*)(Arguments&, std::ostream&, std::ostream&);

struct Subcommand {
    std::string_view name;
    std::string_view summary;
    std::string_view arguments; // the positionals as the synopsis names them: "FILE", "IN OUT", "[NAME|PATH]"
    int minArguments = 0, maxArguments = 0;
    std::span<const Option> options;
    std::string_view description;
    // RunsIn::Sandtable: the handler. Otherwise null here: the handler is in programCommands() of
    // the programs that run it, which only they link.
    CommandFunction run = nullptr;
    RunsIn runsIn = RunsIn::Sandtable;
};

// What differs between the programs (RunsIn), defined once in each: editor_program_commands.cpp in
// sandtable-editor, the one-program builds and the tests (every command); drawing_program.cpp in
// sandtable-draw (RunsIn::DrawingProgram's); sandtable_program.cpp in `sandtable` (none).
struct ProgramCommand {
    std::string_view name;
    CommandFunction run;
};
// The handlers this program has of the commands `sandtable` hands over.
std::span<const ProgramCommand> programCommands();
// The help texts' placeholders and their values ("{kinds}" -> "pdf|svg|..."), from their one table
// each; none in `sandtable`, whose own commands' help names no export kind, paper, layer or style.
std::vector<std::pair<std::string, std::string>> helpPlaceholders();

// What the program is, in `sandtable --help`'s first line and the man page's NAME.
inline constexpr std::string_view programSummary =
    "scenario and map editor for American Civil War grid wargames";

std::span<const Subcommand> subcommands();
const Subcommand* findSubcommand(std::string_view name);
// "usage: sandtable NAME ..." with the description and one line per option; the export kinds, papers,
// layers and ink styles filled in from their one table each.
std::string usageOf(const Subcommand& command);
// An option as its help shows it ("-o, --output OUT", "--to pdf|svg|..."): every name with
// `allNames`, else the one handlers ask for.
std::string optionShown(const Option& option, bool allNames);
// What follows "sandtable NAME" in the synopsis: the arguments, then each option (in brackets
// unless it is usually given).
std::vector<std::string> synopsisWords(const Subcommand& command);
// `text` with "{kinds}", "{papers}", "{layers}" and "{styles}" filled in from their tables.
std::string filledText(std::string_view text);
// The manual page (roff, man(7)) of the whole command line, made from this table: the synopsis,
// every command with its description and options, the exit codes and the files an installation has.
std::string manPage();
// The arguments of `args` by the command's options, or what is wrong with them (the positionals'
// count and the required options included).
Arguments parseFor(const Subcommand& command, const std::vector<std::string>& args);

} // namespace sandtable::cli
