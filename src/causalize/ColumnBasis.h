// The greedy basis of a matrix's columns by numeric rank: columns are
// offered one by one, in order of preference, and a column is kept when it
// is linearly independent of the columns kept before it.
//
// Index reduction chooses dummy derivatives this way (IndexReduction.cpp).
// A choice by structure alone (a matching) can keep columns that are
// dependent in value: two gear angles `phi_rel = b.phi - a.phi` that the
// connections make equal are structurally independent, numerically the
// same. Entries are the equations' coefficients where they are known at
// translation and generic values elsewhere, so the rank is the structural
// one except where known coefficients cancel.
//
// Written by hand: the matrices are small and sparse (a few hundred
// differentiated equations), and the elimination must keep the offered
// order, which LAPACK's and KLU's pivoting do not.
#pragma once

#include <cstddef>
#include <map>
#include <vector>

namespace smc::causal {

class ColumnBasis {
public:
  using Column = std::map<size_t, double>;  // row -> nonzero entry

  // Keeps `column` when it is independent of the kept ones (relative to
  // its own largest entry); returns whether it was kept.
  bool offer(Column column);
  size_t rank() const { return kept_.size(); }

private:
  struct Kept {
    Column entries;  // reduced against every column kept before it
    size_t pivot;    // its largest entry's row, zero in every later kept column
  };
  std::vector<Kept> kept_;
  std::map<size_t, size_t> keptByPivot_;  // pivot row -> index in kept_
};

}  // namespace smc::causal
