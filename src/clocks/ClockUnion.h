// A weighted union-find over clocks (spec 16.7.2): each node is a clock
// (a partition's, a Clock variable's, or a constructor's), stored relative
// to its parent by a ClockTransform. Joining two nodes either links their
// roots or, when they are already joined, checks that the new relation
// agrees with the known one. A root may carry an explicit clock (a Clock
// constructor); the root of a group with an explicit clock is always the
// node that carries it, so every member is a transform of that clock.
#pragma once

#include "clocks/Rational.h"

#include <cstddef>
#include <optional>
#include <vector>

namespace smc::clocks {

class ClockUnion {
public:
  size_t add(std::optional<size_t> explicitClock = std::nullopt) {
    parent_.push_back(parent_.size());
    relation_.push_back({});
    explicit_.push_back(explicitClock);
    return parent_.size() - 1;
  }
  void growTo(size_t size) {
    while (parent_.size() < size) add();
  }
  size_t size() const { return parent_.size(); }

  struct Found {
    size_t root;
    ClockTransform transform;  // clock(node) = transform(clock(root))
  };
  Found find(size_t node) {
    if (parent_[node] == node) return {node, {}};
    Found up = find(parent_[node]);
    relation_[node] = relation_[node].after(up.transform);
    parent_[node] = up.root;
    return {up.root, relation_[node]};
  }

  std::optional<size_t> explicitClock(size_t root) const { return explicit_[root]; }

  // What join() found.
  enum class Outcome { Joined, Consistent, RateConflict, ClockConflict };
  struct JoinResult {
    Outcome outcome = Outcome::Joined;
    Found a, b;                 // the roots before joining
    ClockTransform rootRelation;  // clock(a.root) = rootRelation(clock(b.root)) as required
  };
  // Requires clock(a) = t(clock(b)). `compatible(i, j, r)` says whether
  // explicit clock i is r(explicit clock j). Throws RationalOverflow.
  template <typename Compatible>
  JoinResult join(size_t a, size_t b, const ClockTransform& t, Compatible compatible) {
    JoinResult result;
    result.a = find(a);
    result.b = find(b);
    // clock(ra) = Ta^-1(t(Tb(clock(rb)))).
    result.rootRelation = result.a.transform.inverse().after(t.after(result.b.transform));
    size_t ra = result.a.root, rb = result.b.root;
    if (ra == rb) {
      result.outcome = result.rootRelation.isIdentity() ? Outcome::Consistent : Outcome::RateConflict;
      return result;
    }
    auto ea = explicit_[ra], eb = explicit_[rb];
    if (ea && eb) {
      if (!compatible(*ea, *eb, result.rootRelation)) {
        result.outcome = Outcome::ClockConflict;
        return result;
      }
    }
    if (ea && !eb) {
      parent_[rb] = ra;
      relation_[rb] = result.rootRelation.inverse();
    } else {
      parent_[ra] = rb;
      relation_[ra] = result.rootRelation;
    }
    return result;
  }

private:
  std::vector<size_t> parent_;
  std::vector<ClockTransform> relation_;  // clock(node) = relation(clock(parent))
  std::vector<std::optional<size_t>> explicit_;
};

}  // namespace smc::clocks
