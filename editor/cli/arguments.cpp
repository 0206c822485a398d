#include "arguments.hpp"
#include "model/file_names.hpp"

#include "formats/scenario_xml.hpp"
#include "model/battle.hpp"
#include "model/limits.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <ostream>
#include <vector>

namespace sandtable::cli {

std::optional<Scenario> readScenarioReporting(const std::string& file, std::ostream& err,
                                              int* formatVersion) {
    auto scenario = readScenario(pathFromUtf8(file), formatVersion);
    if (!scenario) {
        err << scenario.error().toString() << "\n";
        return std::nullopt;
    }
    return std::move(*scenario);
}

bool chooseScenarioReporting(const Arguments& a, Scenario& battle, const std::string& file,
                             std::ostream& err) {
    const auto wanted = a.value("--scenario");
    if (!wanted) {
        return true;
    }
    auto index = findScenario(battle, *wanted);
    if (!index) {
        err << file << ": " << index.error() << "\n";
        return false;
    }
    makeCurrent(battle, *index);
    return true;
}

namespace {

// Edit distance, for "did you mean" on a mistyped option.
std::size_t distance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) {
        row[j] = j;
    }
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t above = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diagonal = above;
        }
    }
    return row[b.size()];
}

std::string closest(std::string_view wrong, const std::set<std::string>& a, const std::set<std::string>& b) {
    std::string best;
    std::size_t bestDistance = 3; // further than two edits is no suggestion
    for (const auto* names : {&a, &b}) {
        for (const std::string& name : *names) {
            if (const std::size_t d = distance(wrong, name); d < bestDistance) {
                bestDistance = d;
                best = name;
            }
        }
    }
    return best;
}

} // namespace

Arguments::Arguments(const std::vector<std::string>& args, std::set<std::string> flags,
                     std::set<std::string> valueOptions) {
    // CLI11 parses: --name VALUE and --name=VALUE, flags, and everything after -- as positionals.
    CLI::App app;
    app.set_help_flag(); // --help is answered by the subcommand table, with the usage text
    app.allow_extras(false);
    for (const std::string& flag : flags) {
        app.add_flag(flag, [this, flag](std::int64_t) { flags_.insert(flag); });
    }
    for (const std::string& option : valueOptions) {
        app.add_option_function<std::string>(option,
                                             [this, option](const std::string& v) { values_[option] = v; })
            ->allow_extra_args(false);
    }
    app.add_option("positionals", positionals_);
    // CLI11 takes the arguments last first.
    std::vector<std::string> reversed(args.rbegin(), args.rend());
    try {
        app.parse(reversed);
    } catch (const CLI::ExtrasError&) {
        for (const std::string& extra : app.remaining()) {
            if (extra.starts_with("-")) {
                const std::string name = extra.substr(0, extra.find('='));
                const std::string suggestion = closest(name, flags, valueOptions);
                error_ = "unknown option " + name +
                         (suggestion.empty() ? "" : " (did you mean " + suggestion + "?)");
                return;
            }
        }
        error_ = "unexpected arguments";
    } catch (const CLI::ArgumentMismatch&) {
        const auto last = std::find_if(args.rbegin(), args.rend(), [&](const std::string& a) {
            return valueOptions.contains(a.substr(0, a.find('=')));
        });
        error_ = "option " + (last == args.rend() ? std::string("?") : *last) + " needs a value";
    } catch (const CLI::ParseError& e) {
        error_ = e.what();
    }
}

void Arguments::rename(const std::string& alias, const std::string& name) {
    if (auto it = values_.find(alias); it != values_.end()) {
        values_[name] = it->second;
        values_.erase(it);
    }
    if (flags_.erase(alias) > 0) {
        flags_.insert(name);
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
    const limits::IntRange range{lo, hi};
    if (ec != std::errc{} || ptr != v->data() + v->size() || !range.allows(n)) {
        error_ = "option " + option + " must be " + range.expected() + ", not '" + *v + "'";
        return std::nullopt;
    }
    return n;
}

} // namespace sandtable::cli
