#include "rule_params.hpp"

#include "model/limits.hpp"

#include <charconv>
#include <sstream>
#include <stdexcept>

namespace sandtable {

const std::string& RuleParams::raw(std::string_view name) const {
    auto it = values_.find(name);
    if (it == values_.end()) {
        // Every parameter a rule declares gets its default when a ruleset is resolved.
        throw std::logic_error("rule parameter '" + std::string(name) + "' was never resolved");
    }
    return it->second;
}

int RuleParams::integer(std::string_view name) const {
    const std::string& v = raw(name);
    int out = 0;
    std::from_chars(v.data(), v.data() + v.size(), out);
    return out;
}

double RuleParams::number(std::string_view name) const {
    const std::string& v = raw(name);
    double out = 0;
    std::from_chars(v.data(), v.data() + v.size(), out);
    return out;
}

bool RuleParams::boolean(std::string_view name) const {
    return raw(name) == "true";
}

std::vector<std::string> RuleParams::list(std::string_view name) const {
    std::istringstream in(raw(name));
    std::vector<std::string> out;
    for (std::string word; in >> word;) {
        out.push_back(word);
    }
    return out;
}

std::string RuleParams::checkValue(const ParamSpec& spec, std::string_view value) {
    switch (spec.type) {
    case ParamType::Integer: {
        const limits::IntRange range{static_cast<long long>(spec.lo), static_cast<long long>(spec.hi)};
        long long v = 0;
        auto [p, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
        return ec == std::errc{} && p == value.data() + value.size() && !value.empty() && range.allows(v)
                   ? ""
                   : "must be " + range.expected();
    }
    case ParamType::Number: {
        const limits::RealRange range{spec.lo, spec.hi};
        double v = 0;
        auto [p, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
        return ec == std::errc{} && p == value.data() + value.size() && !value.empty() && range.allows(v)
                   ? ""
                   : "must be " + range.expected();
    }
    case ParamType::Boolean:
        return value == "true" || value == "false" ? "" : "must be true or false";
    case ParamType::List:
        return "";
    }
    return "";
}

} // namespace sandtable
