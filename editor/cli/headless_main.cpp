#include "headless_main.hpp"

#include "cli.hpp"
#include "editor/install_layout.hpp"
#include "formats/file_system_calls.hpp"
#include "render/text.hpp"

#include <iostream>

namespace sandtable::cli {

int headlessMain(int argc, char** argv, std::string_view noEditor) {
    sys::preferLargeMemoryPages();
    const std::vector<std::string> args = sys::commandLine(argc, argv);
    if (args.empty() || !isHeadless(args[0])) {
        std::cerr << noEditor << "\n";
        return BadInput;
    }
    useBundledFonts(installLayout().fonts, sys::userStateFolder() / "font-cache");
    return run(args, std::cout, std::cerr);
}

} // namespace sandtable::cli
