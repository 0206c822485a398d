#pragma once
// The parameters of one rule in one ruleset, checked against the rule's declared types when the
// ruleset is loaded, so a rule never sees a malformed value.
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace sandtable {

enum class ParamType { Integer, Number, Boolean, List };

struct ParamSpec {
    std::string_view name;
    ParamType type;
    std::string_view defaultValue;
    std::string_view meaning;
    // The values an Integer or Number parameter takes (counts and radii by default); a house rule
    // outside them is refused when the ruleset is loaded.
    double lo = 0;
    double hi = 1'000'000;
};

class RuleParams {
  public:
    void set(std::string name, std::string value) { values_[std::move(name)] = std::move(value); }
    int integer(std::string_view name) const;
    double number(std::string_view name) const;
    bool boolean(std::string_view name) const;
    std::vector<std::string> list(std::string_view name) const; // space-separated words
    const std::map<std::string, std::string, std::less<>>& values() const { return values_; }

    // Empty when `value` is valid for the parameter; otherwise what is wrong with it.
    static std::string checkValue(const ParamSpec& spec, std::string_view value);

  private:
    const std::string& raw(std::string_view name) const;
    std::map<std::string, std::string, std::less<>> values_;
};

} // namespace sandtable
