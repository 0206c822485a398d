// sandtable(1), written from the table of subcommands so the manual never says other than --help.
#include "cli.hpp"
#include "commands.hpp"
#include "subcommand.hpp"

#include <sstream>

#ifndef SANDTABLE_VERSION
#define SANDTABLE_VERSION "0.0.0"
#endif

namespace sandtable::cli {
namespace {

// Text safe in roff: backslashes escaped, a line never starting with a control character, and
// hyphens in option names the minus signs they are (copied from a terminal, they must be ASCII).
std::string roff(std::string_view text, bool minusSigns = false) {
    std::string out;
    bool lineStart = true;
    for (const char c : text) {
        if (lineStart && (c == '.' || c == '\'')) {
            out += "\\&";
        }
        if (c == '\\') {
            out += "\\e";
        } else if (c == '-' && minusSigns) {
            out += "\\-";
        } else {
            out += c;
        }
        lineStart = c == '\n';
    }
    return out;
}

} // namespace

std::string manPage() {
    std::ostringstream m;
    m << ".TH SANDTABLE 1 \"\" \"sandtable " SANDTABLE_VERSION "\" \"User Commands\"\n"
      << ".SH NAME\nsandtable \\- " << roff(programSummary) << "\n"
      << ".SH SYNOPSIS\n.B sandtable\n.RI [ FILE ]\n.br\n.B sandtable\n.I COMMAND\n.RI [ ARGUMENTS ]\n"
      << ".SH DESCRIPTION\n"
         "Sandtable paints terrain, elevation, roads, railroads, rivers, walls and lines of supply onto hex "
         "or\n"
         "square grids, builds the orders of battle, deploys them, checks every deployment against the "
         "rules\n"
         "of a ruleset (or of house rules, which are data files), saves the scenario as XML, exports it for\n"
         "VASSAL, Tiled and other engines and prints the map at tabletop scale.\n"
         ".PP\n"
         "With no command it opens the editor, on\n.I FILE\nwhen one is given. With a command it runs\n"
         "headless, without a display; every command takes\n.BR \\-\\-help .\n"
         ".SH COMMANDS\n";
    for (const Subcommand& c : subcommands()) {
        m << ".SS \"" << c.name << "\"\n.B sandtable " << c.name << "\n";
        for (const std::string& word : synopsisWords(c)) {
            m << roff(word, true) << "\n";
        }
        m << ".PP\n" << roff(c.summary) << ".\n.PP\n" << roff(filledText(c.description));
        for (const Option& o : c.options) {
            m << ".TP\n.B " << roff(optionShown(o, true), true) << "\n"
              << roff(filledText(o.help)) << (o.need == Option::Need::Required ? " (required)" : "") << "\n";
        }
    }
    m << ".SH EXIT STATUS\n"
         ".TP\n.B 0\nsuccess\n"
         ".TP\n.B 1\nthe scenario has problems (validation errors; an export refused because of them)\n"
         ".TP\n.B 2\nbad input or usage: a file that cannot be read, with its line and what is wrong\n"
         ".SH FILES\n"
         ".TP\n.I /usr/share/sandtable/samples\nthe sample battles (File > Open Sample Battle)\n"
         ".TP\n.I /usr/share/sandtable/rulesets\n"
         "the built-in rulesets as files: copy one to start house rules, and give its path to\n"
         ".B \\-\\-ruleset\nor Scenario > Ruleset\n"
         ".TP\n.I /usr/share/doc/sandtable/user-guide.md\nthe user guide (Help > User guide)\n"
         ".SH SEE ALSO\nThe user guide, and docs/cli.md of the sources for the JSON reports.\n";
    return m.str();
}

int manPageCommand(Arguments& /*a*/, std::ostream& out, std::ostream& /*err*/) {
    out << manPage();
    return Success;
}

} // namespace sandtable::cli
