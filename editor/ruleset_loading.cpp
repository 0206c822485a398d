#include "ruleset_loading.hpp"

#include "formats/ruleset_xml.hpp"

namespace sandtable {

std::expected<LoadedRuleset, std::string> loadCheckedRuleset(const std::string& nameOrPath,
                                                             const std::filesystem::path& base) {
    auto ruleset = loadRuleset(nameOrPath, base);
    if (!ruleset) {
        return std::unexpected(ruleset.error().toString());
    }
    auto resolved = resolveRuleset(*ruleset);
    if (!resolved) {
        return std::unexpected(resolved.error());
    }
    return LoadedRuleset{std::move(*ruleset), std::move(*resolved)};
}

} // namespace sandtable
