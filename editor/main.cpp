// sandtable: headless subcommands run before any GUI initialisation (they must work without a
// display); anything else opens the editor.
#include "cli/cli.hpp"
#include "formats/file_system_calls.hpp"
#include "install_layout.hpp"
#include "render/text.hpp"

#include <wx/app.h>

#include <cstdlib>
#include <iostream>

int main(int argc, char** argv) {
    sandtable::sys::preferLargeMemoryPages();
    const std::vector<std::string> args = sandtable::sys::commandLine(argc, argv);
    sandtable::useBundledFonts(sandtable::installLayout().fonts,
                               sandtable::sys::userStateFolder() / "font-cache");
    if (!args.empty() && sandtable::cli::isHeadless(args[0])) {
        return sandtable::cli::run(args, std::cout, std::cerr);
    }
#ifdef _WIN32
    // wx reads the wide command line itself from the module's instance.
    return wxEntry(::GetModuleHandleW(nullptr));
#else
    // X11 and Wayland need a display named.
    if (std::getenv("DISPLAY") == nullptr && std::getenv("WAYLAND_DISPLAY") == nullptr) {
        std::cerr << "sandtable: no display, so the editor cannot open (DISPLAY is not set).\n"
                     "Headless commands work without one: sandtable --help\n";
        return sandtable::cli::BadInput;
    }
    return wxEntry(argc, argv);
#endif
}
