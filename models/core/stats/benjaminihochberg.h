#pragma once

#include <vector>

namespace bs {

// Benjamini–Hochberg's step-up procedure (J. R. Stat. Soc. B 57, 1995),
// which keeps the expected share of false discoveries among the tests
// called significant at most q when the tests are independent (or
// positively dependent, Benjamini & Yekutieli 2001).
namespace BenjaminiHochberg {

// The adjusted p of each test, in the given order: min over k ≥ rank of
// p(k) · m / k, at most 1. A test is a discovery at level q exactly when
// its adjusted p ≤ q.
std::vector<double> adjust(const std::vector<double> &p);

} // namespace BenjaminiHochberg

} // namespace bs
