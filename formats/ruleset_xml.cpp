#include "ruleset_xml.hpp"
#include "model/file_names.hpp"

#include "atomic_file.hpp"
#include "load_error.hpp"
#include "model/limits.hpp"
#include "ruleset_play_xml.hpp"
#include "ruleset_xml_checks.hpp"
#include "xml_lexical_check.hpp"

#include <pugixml.hpp>

#include <algorithm>
#include <cstdlib>
#include <set>

namespace sandtable {

const std::vector<std::pair<std::string_view, std::string_view>>& builtinRulesetTexts();

namespace {

using ruleset_xml::allowOnly;
using ruleset_xml::at;
using ruleset_xml::Failure;

LoadError errorAt(std::string_view text, std::string_view name, std::ptrdiff_t offset, std::string message) {
    return LoadError::at(std::string(name), text, offset, std::move(message));
}

// <scale yards-per-cell="400"/> or <scale inches="15" yards="500" cell-inches="4"/>.
UsualScale readScale(pugi::xml_node n) {
    allowOnly(n, {"yards-per-cell", "inches", "yards", "cell-inches", "source"});
    UsualScale scale;
    scale.source = n.attribute("source").value();
    if (n.attribute("yards-per-cell")) {
        if (n.attribute("inches") || n.attribute("yards") || n.attribute("cell-inches")) {
            throw Failure{at(n), "<scale> gives yards-per-cell, or inches, yards and cell-inches, not both"};
        }
        scale.yardsPerCell = ruleset_xml::realAttribute(n, "yards-per-cell", limits::yardsPerCell);
        return scale;
    }
    scale.inches = ruleset_xml::realAttribute(n, "inches", limits::tabletopInches);
    scale.yards = ruleset_xml::realAttribute(n, "yards", limits::yardsPerCell);
    scale.cellInches = ruleset_xml::realAttribute(n, "cell-inches", limits::tabletopInches);
    return scale;
}

} // namespace

std::vector<std::string> builtinRulesetNames() {
    std::vector<std::string> names;
    for (const auto& [name, text] : builtinRulesetTexts()) {
        names.emplace_back(name);
    }
    return names;
}

std::expected<RulesetFile, LoadError> parseRuleset(std::string_view xml, std::string_view name) {
    if (auto bad = findLexicalProblem(xml)) {
        return std::unexpected(errorAt(xml, name, static_cast<std::ptrdiff_t>(bad->offset), bad->message));
    }
    pugi::xml_document doc;
    pugi::xml_parse_result r = doc.load_buffer(xml.data(), xml.size());
    if (!r) {
        return std::unexpected(
            errorAt(xml, name, r.offset, std::string("not well-formed XML: ") + r.description()));
    }
    try {
        pugi::xml_node root = doc.document_element();
        if (std::string_view(root.name()) != "ruleset") {
            throw Failure{at(root), "the root element is <" + std::string(root.name()) +
                                        ">; a ruleset file starts with <ruleset>"};
        }
        allowOnly(root, {"name", "title", "extends"});
        RulesetFile out;
        const LineIndex lines(xml);
        out.ruleset.name = root.attribute("name").value();
        if (out.ruleset.name.empty()) {
            throw Failure{at(root), "<ruleset> needs a name"};
        }
        out.ruleset.title = root.attribute("title").value();
        out.extendsName = root.attribute("extends").value();
        out.extendsLine = lines.lineAt(root.offset_debug());
        out.ruleset.description = root.child("description").text().get();
        std::set<std::string> seen;
        for (pugi::xml_node child : root.children()) {
            if (child.type() != pugi::node_element || std::string_view(child.name()) == "description") {
                continue;
            }
            if (std::string_view(child.name()) == "scale") {
                out.ruleset.scale = readScale(child);
                continue;
            }
            if (std::string_view(child.name()) == "play") {
                if (out.hasPlay) {
                    throw Failure{at(child),
                                  "<play> is given twice; one <play> holds all of a ruleset's play"};
                }
                out.play = readPlaySection(child);
                out.hasPlay = true;
                continue;
            }
            if (std::string_view(child.name()) != "rule") {
                throw Failure{at(child),
                              "unexpected element <" + std::string(child.name()) +
                                  "> in <ruleset>; expected <description>, <scale>, <play> or <rule>"};
            }
            allowOnly(child, {"key", "enabled", "severity"});
            RuleSetting setting;
            setting.key = child.attribute("key").value();
            setting.file = std::string(name);
            setting.line = lines.lineAt(child.offset_debug());
            if (setting.key.empty()) {
                throw Failure{at(child), "<rule> needs a key"};
            }
            if (!seen.insert(setting.key).second) {
                throw Failure{at(child), "rule " + limits::quoted(setting.key) + " is listed twice"};
            }
            if (pugi::xml_attribute enabled = child.attribute("enabled")) {
                const std::string_view v = enabled.value();
                if (v != "true" && v != "false") {
                    throw Failure{at(child), "attribute 'enabled' of <rule> must be true or false, not " +
                                                 limits::quoted(v)};
                }
                setting.enabled = v == "true";
            }
            if (pugi::xml_attribute severity = child.attribute("severity")) {
                setting.severity = parseEnum<Severity>(severity.value());
                if (!setting.severity) {
                    throw Failure{at(child), "severity " + limits::quoted(severity.value()) + " of rule '" +
                                                 setting.key + "' is unknown; expected " +
                                                 expectedNames<Severity>()};
                }
            }
            for (pugi::xml_node param : child.children()) {
                if (param.type() != pugi::node_element) {
                    continue;
                }
                if (std::string_view(param.name()) != "param") {
                    throw Failure{at(param), "unexpected element <" + std::string(param.name()) +
                                                 "> in <rule>; expected <param>"};
                }
                allowOnly(param, {"name", "value"});
                const std::string pname = param.attribute("name").value();
                if (pname.empty() || !param.attribute("value")) {
                    throw Failure{at(param), "<param> needs a name and a value"};
                }
                setting.params[pname] = param.attribute("value").value();
            }
            out.ruleset.rules.push_back(std::move(setting));
        }
        return out;
    } catch (const Failure& f) {
        return std::unexpected(errorAt(xml, name, f.offset, f.message));
    }
}

namespace {

// `visiting` holds the files being loaded, outermost first, by canonical path (or built-in name), so
// a cycle is found whatever spelling of a path closes it; `from` is the file and line whose
// `extends` asked for this one, where an error belongs.
std::expected<Ruleset, LoadError> loadChain(std::string_view nameOrPath, const std::filesystem::path& baseDir,
                                            std::vector<std::pair<std::string, std::string>>& visiting,
                                            const LoadError& from) {
    std::string text;
    std::string displayName;
    std::string identity;
    std::filesystem::path nextBase = baseDir;
    const auto& builtins = builtinRulesetTexts();
    auto builtin =
        std::find_if(builtins.begin(), builtins.end(), [&](const auto& p) { return p.first == nameOrPath; });
    if (builtin != builtins.end()) {
        text = builtin->second;
        displayName = std::string(nameOrPath) + " (built-in)";
        identity = displayName;
    } else {
        const std::filesystem::path named = pathFromUtf8(nameOrPath);
        const std::filesystem::path path = named.is_absolute() ? named : baseDir / named;
        std::error_code ec;
        const auto canonical = std::filesystem::weakly_canonical(path, ec);
        identity = ec ? path.lexically_normal().string() : canonical.string();
        displayName = path.string();
        nextBase = path.parent_path();
        auto cycle = std::find_if(visiting.begin(), visiting.end(),
                                  [&](const auto& v) { return v.first == identity; });
        if (cycle != visiting.end()) {
            std::string chain;
            for (auto it = cycle; it != visiting.end(); ++it) {
                chain += it->second + " -> ";
            }
            LoadError e = from;
            e.message = "'extends' makes a cycle: " + chain + displayName;
            return std::unexpected(e);
        }
        auto bytes = readWholeFile(path);
        if (!bytes) {
            std::string known;
            for (const auto& [n, t] : builtins) {
                known += (known.empty() ? "" : ", ") + std::string(n);
            }
            LoadError e = from;
            const std::string what = "no built-in ruleset is called '" + std::string(nameOrPath) +
                                     "' (built-in: " + known + ") and the file " + path.string() + " " +
                                     bytes.error();
            if (e.file.empty()) {
                e = LoadError{path.string(), 0, 0, what};
            } else {
                e.message = "extends '" + std::string(nameOrPath) + "', but " + what;
            }
            return std::unexpected(e);
        }
        text = std::move(*bytes);
    }
    visiting.emplace_back(identity, displayName);
    auto parsed = parseRuleset(text, displayName);
    if (!parsed) {
        return std::unexpected(parsed.error());
    }
    Ruleset result;
    if (!parsed->extendsName.empty()) {
        auto parent = loadChain(parsed->extendsName, nextBase, visiting,
                                LoadError{displayName, parsed->extendsLine, 0, ""});
        if (!parent) {
            return parent;
        }
        result = std::move(*parent);
    }
    // The child's settings win, key by key; its params merge over the parent's.
    for (RuleSetting& setting : parsed->ruleset.rules) {
        auto it = std::find_if(result.rules.begin(), result.rules.end(),
                               [&](const RuleSetting& r) { return r.key == setting.key; });
        if (it == result.rules.end()) {
            result.rules.push_back(std::move(setting));
            continue;
        }
        it->enabled = setting.enabled;
        if (setting.severity) {
            it->severity = setting.severity;
        }
        for (auto& [k, v] : setting.params) {
            it->params[k] = v;
        }
        it->file = setting.file;
        it->line = setting.line;
    }
    result.name = parsed->ruleset.name;
    if (!parsed->ruleset.title.empty()) {
        result.title = parsed->ruleset.title;
    }
    if (!parsed->ruleset.description.empty()) {
        result.description = parsed->ruleset.description;
    }
    if (parsed->ruleset.scale) {
        result.scale = parsed->ruleset.scale;
    }
    mergePlay(result.play, parsed->play);
    result.chain.push_back(displayName);
    visiting.pop_back();
    return result;
}

} // namespace

std::expected<Ruleset, LoadError> loadRuleset(std::string_view nameOrPath,
                                              const std::filesystem::path& baseDir) {
    std::vector<std::pair<std::string, std::string>> visiting;
    return loadChain(nameOrPath, baseDir, visiting, LoadError{});
}

} // namespace sandtable
