#pragma once
// Where the program's own files are: the samples, the rulesets' files (to copy for house rules) and
// the user guide. One answer for the editor and the command line, from where the running program is:
//   PREFIX/bin/sandtable             installed (the Debian package, the Windows zip and installer):
//                                    PREFIX/share/sandtable/{samples,rulesets,fonts} and
//                                    PREFIX/share/doc/sandtable
//   PREFIX/libexec/sandtable/sandtable-editor, .../sandtable-draw
//                                    installed: the programs `sandtable` hands the editor and the
//                                    commands that read terrain data (sandtable-editor) and those
//                                    that draw (sandtable-draw) to (the same)
//   anywhere else                    a build: the source tree it was built from (sandtable-editor
//                                    and sandtable-draw beside sandtable)
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace sandtable {

struct InstallLayout {
    std::filesystem::path samples;  // a folder a battle, each with NAME.sandtable.xml
    std::filesystem::path rulesets; // the built-in rulesets as files
    std::filesystem::path docs;     // user-guide.md and its images
    std::filesystem::path fonts;    // fonts shipped with the program (Windows), else empty
};

// The layout for a program at `executable`, built from `sourceTree`: the first of the two above
// whose rulesets folder exists.
[[nodiscard]] InstallLayout installLayoutFor(const std::filesystem::path& executable,
                                             const std::filesystem::path& sourceTree);
// The running program's own (asked of the system once: /proc/self/exe, GetModuleFileNameW).
[[nodiscard]] const InstallLayout& installLayout();
// Where the program `name` (sandtable-editor, sandtable-draw) that `sandtable` at `executable` hands
// commands to is: beside it (a build), else PREFIX/libexec/sandtable/ when it is in PREFIX/bin.
[[nodiscard]] std::filesystem::path handedProgramFor(const std::filesystem::path& executable,
                                                     std::string_view name);
struct SampleBattle {
    std::string title; // its README's heading ("Gettysburg, 1-3 July 1863"), else its folder's name
    std::filesystem::path file;
};
// The battles in `samples` (a folder each, holding FOLDER.sandtable.xml), by title.
[[nodiscard]] std::vector<SampleBattle> sampleBattles(const std::filesystem::path& samples);

// Whether `file` lies inside `folder` (both made absolute and normal; links are followed).
[[nodiscard]] bool isInsideFolder(const std::filesystem::path& file, const std::filesystem::path& folder);

// The running program's path, or empty when the system does not say.
[[nodiscard]] std::filesystem::path executablePath();

} // namespace sandtable
