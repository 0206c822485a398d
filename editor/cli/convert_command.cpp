#include "arguments.hpp"
#include "commands.hpp"
#include "formats/scenario_xml.hpp"
#include "model/file_names.hpp"

#include <ostream>

namespace sandtable::cli {

int convertCommand(Arguments& a, std::ostream& out, std::ostream& err) {
    int version = 0;
    auto scenario = readScenarioReporting(a.positionals()[0], err, &version);
    if (!scenario) {
        return BadInput;
    }
    if (auto saved = saveScenario(*scenario, pathFromUtf8(a.positionals()[1])); !saved) {
        err << "sandtable convert: " << saved.error() << "\n";
        return BadInput;
    }
    out << "wrote " << a.positionals()[1];
    if (version < currentFormatVersion) {
        out << " in format-version " << currentFormatVersion << " (" << a.positionals()[0] << " was version "
            << version << ")";
    }
    out << "\n";
    return Success;
}

} // namespace sandtable::cli
