#pragma once
// Arguments parses one subcommand's options: flags, options with a value, and positionals, with an
// error message naming the option that is wrong.
#include "model/scenario.hpp"

#include <iosfwd>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace sandtable::cli {

// Reads a scenario; on failure prints the reader's message (file:line:column: what) to err.
// `formatVersion`, when given, gets the version the file was written in.
std::optional<Scenario> readScenarioReporting(const std::string& file, std::ostream& err,
                                              int* formatVersion = nullptr);

class Arguments;

// Makes the scenario --scenario names (a title or a number from 1) current; without --scenario the
// first stays current. On a name the battle does not have, prints which it has and returns false.
bool chooseScenarioReporting(const Arguments& a, Scenario& battle, const std::string& file,
                             std::ostream& err);

class Arguments {
  public:
    // valueOptions take a value (--cols 10 or --cols=10); flags do not.
    Arguments(const std::vector<std::string>& args, std::set<std::string> flags,
              std::set<std::string> valueOptions);

    bool ok() const { return error_.empty(); }
    const std::string& error() const { return error_; }
    bool has(const std::string& flag) const { return flags_.contains(flag); }
    std::optional<std::string> value(const std::string& option) const;
    const std::vector<std::string>& positionals() const { return positionals_; }

    // The value or flag given as `alias` is the option `name`'s ("--output" is "-o").
    void rename(const std::string& alias, const std::string& name);
    // The arguments are refused: `why`; with `seeHelp`, the message sends the reader to --help (a
    // missing required option names all there is to know).
    void fail(std::string why, bool seeHelp = true) {
        error_ = std::move(why);
        seeHelp_ = seeHelp;
    }
    bool seeHelp() const { return seeHelp_; }

    // Parses an integer option within [lo, hi]; on a bad value sets error() and returns nullopt.
    std::optional<long long> integer(const std::string& option, long long lo, long long hi,
                                     long long fallback);

  private:
    std::set<std::string> flags_;
    std::map<std::string, std::string> values_;
    std::vector<std::string> positionals_;
    std::string error_;
    bool seeHelp_ = true;
};

} // namespace sandtable::cli
