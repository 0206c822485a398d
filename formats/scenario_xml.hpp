#pragma once
// The native scenario format: one XML file per scenario (docs/format.md, docs/scenario.xsd).
// Reading either gives a whole, consistent scenario or an error naming file, line and column.
// Writing is canonical: the same scenario always gives the same bytes.
#include "atomic_file.hpp"
#include "load_error.hpp"
#include "model/scenario.hpp"

#include <expected>
#include <filesystem>
#include <string>
#include <string_view>

namespace sandtable {

inline constexpr int currentFormatVersion = 1;

[[nodiscard]] std::expected<Scenario, LoadError> readScenario(const std::filesystem::path& path);
// `name` is what error messages call the text (usually its file name).
[[nodiscard]] std::expected<Scenario, LoadError> readScenarioFromString(std::string_view xml,
                                                                        std::string_view name);

[[nodiscard]] std::string writeScenarioToString(const Scenario& scenario);
// Atomic: a temporary file, flushed, renamed over the old one, which is kept as FILE.bak.
// The bytes are read back before anything is written: a scenario that would not load again is
// never saved (nor autosaved).
[[nodiscard]] std::expected<void, std::string>
saveScenario(const Scenario& scenario, const std::filesystem::path& path, AtomicWriteOptions options = {});

} // namespace sandtable
