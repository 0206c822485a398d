#include "arguments.hpp"

#include "formats/scenario_xml.hpp"

#include <charconv>
#include <ostream>

namespace sandtable::cli {

std::optional<Scenario> readScenarioReporting(const std::string& file, std::ostream& err) {
    auto scenario = readScenario(file);
    if (!scenario) {
        err << scenario.error().toString() << "\n";
        return std::nullopt;
    }
    return std::move(*scenario);
}

Arguments::Arguments(const std::vector<std::string>& args, std::set<std::string> flags,
                     std::set<std::string> valueOptions) {
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string a = args[i];
        if (a.size() < 2 || a[0] != '-' || a == "--") {
            positionals_.push_back(a);
            continue;
        }
        std::optional<std::string> inlineValue;
        if (auto eq = a.find('='); eq != std::string::npos) {
            inlineValue = a.substr(eq + 1);
            a = a.substr(0, eq);
        }
        if (flags.contains(a) && !inlineValue) {
            flags_.insert(a);
        } else if (valueOptions.contains(a)) {
            if (inlineValue) {
                values_[a] = *inlineValue;
            } else if (i + 1 < args.size()) {
                values_[a] = args[++i];
            } else {
                error_ = "option " + a + " needs a value";
                return;
            }
        } else {
            error_ = "unknown option " + a;
            return;
        }
    }
}

std::optional<std::string> Arguments::value(const std::string& option) const {
    auto it = values_.find(option);
    return it == values_.end() ? std::nullopt : std::optional(it->second);
}

std::optional<long long> Arguments::integer(const std::string& option, long long lo, long long hi,
                                            long long fallback) {
    auto v = value(option);
    if (!v) {
        return fallback;
    }
    long long n = 0;
    auto [ptr, ec] = std::from_chars(v->data(), v->data() + v->size(), n);
    if (ec != std::errc{} || ptr != v->data() + v->size() || n < lo || n > hi) {
        error_ = "option " + option + " must be a whole number from " + std::to_string(lo) + " to " +
                 std::to_string(hi) + ", not '" + *v + "'";
        return std::nullopt;
    }
    return n;
}

} // namespace sandtable::cli
