// sandtable, the command users type (Linux and the like). It runs the commands that need none of the
// drawing, terrain-data or GUI libraries itself, loading none of them, so that `sandtable validate`
// or `sandtable rulesets` start in a few milliseconds. Everything else (the editor, and the commands
// that draw, read terrain data or VASSAL modules: Subcommand::runsIn) it hands to sandtable-editor,
// the program with everything, by exec: the same process, so the exit code, the streams and the
// signals are the caller's own. On Windows one program does both (main.cpp).
#include "cli/cli.hpp"
#include "formats/file_system_calls.hpp"
#include "install_layout.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <iostream>
#include <vector>

int main(int argc, char** argv) {
    sandtable::sys::preferLargeMemoryPages();
    const std::vector<std::string> args = sandtable::sys::commandLine(argc, argv);
    if (sandtable::cli::runsInSandtable(args)) {
        return sandtable::cli::run(args, std::cout, std::cerr);
    }
    const std::filesystem::path editor = sandtable::editorProgramFor(sandtable::executablePath());
    std::string program = editor.string();
    std::vector<char*> words{program.data()};
    for (int i = 1; i < argc; ++i) {
        words.push_back(argv[i]);
    }
    words.push_back(nullptr);
    ::execv(program.c_str(), words.data());
    std::cerr << "sandtable: cannot start " << program << " (" << std::strerror(errno)
              << "): it runs the editor and the commands that draw or read terrain data; "
                 "reinstall sandtable\n";
    return sandtable::cli::BadInput;
}
