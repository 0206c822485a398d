#include "install_layout.hpp"

#include "model/file_names.hpp"

#include <algorithm>
#include <fstream>
#include <system_error>

#ifdef _WIN32
#include <windows.h>
#endif

#ifndef SANDTABLE_SOURCE_DIR
#error "SANDTABLE_SOURCE_DIR names the source tree a build falls back to"
#endif

namespace sandtable {
namespace {

bool isFolder(const std::filesystem::path& p) {
    std::error_code ec;
    return std::filesystem::is_directory(p, ec);
}

} // namespace

InstallLayout installLayoutFor(const std::filesystem::path& executable,
                               const std::filesystem::path& sourceTree) {
    std::filesystem::path folder = executable.parent_path();
    if (folder.filename() == "sandtable" && folder.parent_path().filename() == "libexec") {
        folder = folder.parent_path().parent_path() / "bin"; // a handed-to program: its prefix's
    }
    if (!folder.empty()) {
        const std::filesystem::path prefix = folder.parent_path();
        if (folder.filename() == "bin" && isFolder(prefix / "share" / "sandtable" / "rulesets")) {
            const auto share = prefix / "share";
            const auto fonts = share / "sandtable" / "fonts";
            return {share / "sandtable" / "samples", share / "sandtable" / "rulesets",
                    share / "doc" / "sandtable", isFolder(fonts) ? fonts : std::filesystem::path()};
        }
    }
    return {sourceTree / "sample-maps", sourceTree / "validators" / "rulesets", sourceTree / "docs", {}};
}

std::filesystem::path handedProgramFor(const std::filesystem::path& executable, std::string_view program) {
    const std::filesystem::path folder = executable.parent_path();
    const std::filesystem::path name = program;
    std::error_code ec;
    if (std::filesystem::is_regular_file(folder / name, ec) || folder.filename() != "bin") {
        return folder / name;
    }
    return folder.parent_path() / "libexec" / "sandtable" / name;
}

std::vector<SampleBattle> sampleBattles(const std::filesystem::path& samples) {
    std::vector<SampleBattle> battles;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(samples, ec)) {
        const std::filesystem::path folder = entry.path();
        auto file = folder / folder.filename();
        file += ".sandtable.xml";
        if (!std::filesystem::is_regular_file(file, ec)) {
            continue;
        }
        SampleBattle battle{utf8(folder.filename()), file};
        std::ifstream readme(folder / "README.md");
        if (std::string heading; std::getline(readme, heading) && heading.starts_with("# ")) {
            battle.title = heading.substr(2);
        }
        battles.push_back(std::move(battle));
    }
    std::ranges::sort(battles, {}, &SampleBattle::title);
    return battles;
}

bool isInsideFolder(const std::filesystem::path& file, const std::filesystem::path& folder) {
    std::error_code ec;
    const auto f = std::filesystem::weakly_canonical(file, ec);
    const auto d = std::filesystem::weakly_canonical(folder, ec);
    if (ec || d.empty()) {
        return false;
    }
    const auto relative = f.lexically_relative(d);
    return !relative.empty() && *relative.begin() != ".." && relative != ".";
}

std::filesystem::path executablePath() {
#ifdef _WIN32
    std::wstring buffer(MAX_PATH, L'\0');
    for (;;) {
        const DWORD n = GetModuleFileNameW(nullptr, buffer.data(), static_cast<DWORD>(buffer.size()));
        if (n == 0) {
            return {};
        }
        if (n < buffer.size()) {
            buffer.resize(n);
            return std::filesystem::path(buffer);
        }
        buffer.resize(buffer.size() * 2); // a long path: ask again with room for it
    }
#else
    std::error_code ec;
    auto path = std::filesystem::read_symlink("/proc/self/exe", ec);
    return ec ? std::filesystem::path() : path;
#endif
}

const InstallLayout& installLayout() {
    static const InstallLayout layout = installLayoutFor(executablePath(), SANDTABLE_SOURCE_DIR);
    return layout;
}

} // namespace sandtable
