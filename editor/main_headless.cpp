// sandtable built without the editor (SANDTABLE_GUI=OFF): the headless subcommands only.
#include "cli/cli.hpp"

#include <iostream>

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty() || !sandtable::cli::isHeadless(args[0])) {
        std::cerr << "sandtable: this build has no editor; see sandtable --help\n";
        return sandtable::cli::BadInput;
    }
    return sandtable::cli::run(args, std::cout, std::cerr);
}
