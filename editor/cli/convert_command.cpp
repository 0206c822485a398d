#include "arguments.hpp"
#include "commands.hpp"
#include "formats/scenario_xml.hpp"
#include "model/file_names.hpp"

#include <ostream>

namespace sandtable::cli {

int convertCommand(Arguments& a, std::ostream& out, std::ostream& err) {
    auto scenario = readScenarioReporting(a.positionals()[0], err);
    if (!scenario) {
        return BadInput;
    }
    if (auto saved = saveScenario(*scenario, pathFromUtf8(a.positionals()[1])); !saved) {
        err << "sandtable convert: " << saved.error() << "\n";
        return BadInput;
    }
    out << "wrote " << a.positionals()[1] << "\n";
    return Success;
}

} // namespace sandtable::cli
