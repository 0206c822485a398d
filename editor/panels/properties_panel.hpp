#pragma once
// Properties of the selected unit, headquarters, train or map feature, edited in place (each change
// one undo step). A unit the current scenario deploys also shows its stands and men at that
// scenario's start, which belong to the scenario (the others are the order of battle's).
#include "editor/document.hpp"
#include "model/limits.hpp"

#include <wx/panel.h>
#include <wx/variant.h>

#include <expected>
#include <functional>
#include <string>

class wxPropertyGrid;
class wxPropertyGridEvent;

namespace sandtable {

// Panels whose entries are checked against the model's limits (model/limits) before they become an
// edit: a refused value stays in its field, and onRefused says what is expected.
class EntryChecks {
  public:
    virtual ~EntryChecks() = default;
    std::function<void(const std::string& message)> onRefused;
};
// A whole number typed into a property, within range, or what is expected ("Stands must be a whole
// number from 1 to 100, not '1000'").
std::expected<int, std::string> wholeNumberIn(const wxVariant& v, limits::IntRange range, const char* what);
// Vetoes a property grid change with `message`.
void refuse(wxPropertyGridEvent& e, const std::string& message);

class PropertiesPanel : public wxPanel, public EntryChecks {
  public:
    explicit PropertiesPanel(wxWindow* parent);
    void setDocument(Document* doc) {
        doc_ = doc;
        show(std::nullopt);
    }
    void show(std::optional<PieceRef> piece);
    // A town, label, landing, objective or entry point picked on the map.
    void showFeature(FeatureId feature);
    void refresh() {
        if (feature_) {
            showFeature(*feature_);
        } else {
            show(piece_);
        }
    }

    wxPropertyGrid* grid() const { return grid_; }
    // The edit a property change makes, or what is wrong with the value.
    std::expected<CommandPtr, std::string> edit(const wxString& name, const wxVariant& v) const;

  private:
    std::expected<CommandPtr, std::string> editStrengthAtStart(const wxString& name,
                                                               const wxVariant& v) const;
    std::expected<CommandPtr, std::string> editFeature(const wxString& name, const wxVariant& v) const;
    void changing(wxPropertyGridEvent& e);
    void changed(wxPropertyGridEvent& e);
    Document* doc_ = nullptr;
    std::optional<PieceRef> piece_;
    std::optional<FeatureId> feature_;
    wxPropertyGrid* grid_ = nullptr;
};

} // namespace sandtable
