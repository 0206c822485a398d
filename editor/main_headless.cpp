// sandtable built without the editor (SANDTABLE_GUI=OFF): the headless subcommands only.
#include "cli/cli.hpp"
#include "formats/file_system_calls.hpp"
#include "install_layout.hpp"
#include "render/text.hpp"

#include <iostream>

int main(int argc, char** argv) {
    sandtable::sys::preferLargeMemoryPages();
    const std::vector<std::string> args = sandtable::sys::commandLine(argc, argv);
    if (args.empty() || !sandtable::cli::isHeadless(args[0])) {
        std::cerr << "sandtable: this build has no editor; see sandtable --help\n";
        return sandtable::cli::BadInput;
    }
    sandtable::useBundledFonts(sandtable::installLayout().fonts,
                               sandtable::sys::userStateFolder() / "font-cache");
    return sandtable::cli::run(args, std::cout, std::cerr);
}
