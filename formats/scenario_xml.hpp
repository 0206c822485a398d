#pragma once
// The native format: one XML file per battle, holding its map, its order of battle and one or more
// scenarios (docs/format.md, docs/scenario.xsd). Version-1 files (one scenario, <scenario> root) are
// read as a battle with one scenario; every file is written in the current version. Reading gives a
// whole, consistent battle or an error naming file, line and column (and the scenario). Writing is
// canonical: the same battle always gives the same bytes, whichever scenario is current.
#include "atomic_file.hpp"
#include "load_error.hpp"
#include "model/scenario.hpp"

#include <expected>
#include <filesystem>
#include <string>
#include <string_view>

namespace sandtable {

inline constexpr int currentFormatVersion = 2;

// The first scenario is current. `formatVersion`, when given, gets the version the file was written
// in (the editor says before saving that an older file will be written in the current version).
[[nodiscard]] std::expected<Scenario, LoadError> readScenario(const std::filesystem::path& path,
                                                              int* formatVersion = nullptr);
// `name` is what error messages call the text (usually its file name).
[[nodiscard]] std::expected<Scenario, LoadError>
readScenarioFromString(std::string_view xml, std::string_view name, int* formatVersion = nullptr);

// How many files this process has parsed as two documents at once, the map apart from the rest
// (a large file as Sandtable writes it): for the tests that hold both ways to the same result.
[[nodiscard]] std::size_t filesParsedInTwo();

[[nodiscard]] std::string writeScenarioToString(const Scenario& scenario);
// Atomic: a temporary file, flushed, renamed over the old one, which is kept as FILE.bak.
// The bytes are read back before anything is written: a scenario that would not load again is
// never saved (nor autosaved).
[[nodiscard]] std::expected<void, std::string>
saveScenario(const Scenario& scenario, const std::filesystem::path& path, AtomicWriteOptions options = {});

} // namespace sandtable
