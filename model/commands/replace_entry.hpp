#pragma once
// Adds, changes or removes one keyed entry of the scenario (a unit, a headquarters, a road, a
// hexside, a placement...). One template serves every keyed container, so every such edit undoes
// the same way.
#include "command.hpp"

#include <functional>
#include <optional>

namespace sandtable {

template <typename Key, typename Value> class ReplaceEntry final : public Command {
  public:
    using Access = std::map<Key, Value>& (*)(Scenario&);

    ReplaceEntry(std::string text, Access access, Key key, std::optional<Value> before,
                 std::optional<Value> after, ChangeSet changes)
        : text_(std::move(text)), access_(access), key_(std::move(key)), before_(std::move(before)),
          after_(std::move(after)), changes_(std::move(changes)) {}

    void apply(Scenario& s) const override { put(s, after_); }
    void revert(Scenario& s) const override { put(s, before_); }
    std::string text() const override { return text_; }
    ChangeSet changes() const override { return changes_; }

    // Consecutive changes of one entry within one gesture (dragging a unit) become one step.
    bool mergeWith(const Command& next) override {
        const auto* other = dynamic_cast<const ReplaceEntry*>(&next);
        if (other == nullptr || !mergeable_ || !other->mergeable_ || other->access_ != access_ ||
            !(other->key_ == key_)) {
            return false;
        }
        after_ = other->after_;
        changes_.merge(other->changes_);
        return true;
    }
    void setMergeable(bool m) { mergeable_ = m; }

  private:
    void put(Scenario& s, const std::optional<Value>& v) const {
        auto& container = access_(s);
        if (v) {
            container.insert_or_assign(key_, *v);
        } else {
            container.erase(key_);
        }
    }

    std::string text_;
    Access access_;
    Key key_;
    std::optional<Value> before_;
    std::optional<Value> after_;
    ChangeSet changes_;
    bool mergeable_ = false;
};

// Replaces one whole value of the scenario (its info, its map) before -> after.
template <typename Value> class ReplaceValue final : public Command {
  public:
    using Access = Value& (*)(Scenario&);
    ReplaceValue(std::string text, Access access, Value before, Value after, ChangeSet changes)
        : text_(std::move(text)), access_(access), before_(std::move(before)), after_(std::move(after)),
          changes_(std::move(changes)) {}
    void apply(Scenario& s) const override { access_(s) = after_; }
    void revert(Scenario& s) const override { access_(s) = before_; }
    std::string text() const override { return text_; }
    ChangeSet changes() const override { return changes_; }

  private:
    std::string text_;
    Access access_;
    Value before_;
    Value after_;
    ChangeSet changes_;
};

} // namespace sandtable
