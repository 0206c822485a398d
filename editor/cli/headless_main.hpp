#pragma once
// The main of a program that runs the headless commands and opens no editor: sandtable-draw (Linux)
// and the whole `sandtable` of a build without the editor (SANDTABLE_GUI=OFF). The two differ only
// in what they say when asked for the editor.
#include <string_view>

namespace sandtable::cli {

// Runs the command line's headless command (the shipped fonts found first, as every drawing
// program does); anything else, the editor among it, gets `noEditor` on standard error and exit 2.
int headlessMain(int argc, char** argv, std::string_view noEditor);

} // namespace sandtable::cli
