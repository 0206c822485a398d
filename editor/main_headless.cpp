// sandtable built without the editor (SANDTABLE_GUI=OFF): the headless subcommands only.
#include "cli/headless_main.hpp"

int main(int argc, char** argv) {
    return sandtable::cli::headlessMain(argc, argv,
                                        "sandtable: this build has no editor; see sandtable --help");
}
