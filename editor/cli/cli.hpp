#pragma once
// The headless half of the sandtable executable: subcommands that run without a display.
#include "model/scenario.hpp"
#include "subcommand.hpp"

#include <functional>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

namespace sandtable::cli {

enum ExitCode : int {
    Success = 0,
    ScenarioHasProblems = 1,
    BadInput = 2,
};

// True when argv[1] asks for a headless subcommand (or --help / --version) rather than the editor.
bool isHeadless(std::string_view firstArgument);

// The program that runs ARGS: `sandtable` itself, or the one it hands them to (sandtable-draw for
// the commands that draw or read modules and maps, sandtable-editor for the editor and the
// commands that read terrain data: Subcommand::runsIn).
RunsIn programFor(const std::vector<std::string>& args);
// Runs `sandtable ARGS...` (args without the program name) and returns the exit code.
int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// Runs the subcommand `name`'s work: whatever it throws (out of memory, a library's exception)
// ends in one line on `err` naming the subcommand and what failed, and exit code 2, never in an
// abort. Files are written only by their final rename, so none is left half written.
int runGuarded(std::string_view name, const std::function<int()>& work, std::ostream& err);

} // namespace sandtable::cli
