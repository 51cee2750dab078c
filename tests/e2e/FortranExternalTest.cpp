// External "FORTRAN 77" functions (spec 12.9.1.2) on the LAPACK that
// Debian ships (liblapack-dev, gfortran's calling convention): arguments
// by address, matrices column-major, String lengths last, and LAPACK's
// error handler failing the call instead of stopping the process. The
// matrix A = [1, 2, 0; 0, 1, 3; 4, 0, 1] is not symmetric, so a row-major
// slip shows; det A = 25 and, by hand, A x = {1, 2, 3} gives
// x = {0.6, 0.2, 0.6} and inv(A) = [1, -2, 6; 12, 1, -3; -4, 8, 1] / 25.
#include "e2e/E2eSupport.h"

#include <gtest/gtest.h>

#include <string>

namespace {

using smc::importer::SimulationResult;
using smc::test::compileErrors;
using smc::test::compileModel;
using smc::test::simulateOk;
using smc::test::simulationOf;
using smc::test::valueAt;
using smc::test::writeScratchModel;

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// LAPACK's dgesv and dgetri written in the model: `Library = "lapack"`
// is the system's archive with the BLAS it calls. Solved at translation
// (the constants) and in the FMU alike.
const char* kSolveModel = R"mo(model Solve
  function solve "x with A*x = b (LAPACK dgesv)"
    input Real A[:, size(A, 1)];
    input Real b[size(A, 1)];
    output Real x[size(A, 1)] = b;
    output Integer info;
  protected
    Real Awork[size(A, 1), size(A, 1)] = A;
    Integer ipiv[size(A, 1)];
    external "FORTRAN 77" DGESV(size(A, 1), 1, Awork, size(A, 1), ipiv, x, size(A, 1), info)
      annotation(Library = "lapack");
  end solve;
  function inverse "inv(A) (LAPACK dgetrf, then dgetri)"
    input Real A[:, size(A, 1)];
    output Real inv[size(A, 1), size(A, 1)] = A;
  protected
    Integer ipiv[size(A, 1)];
    Integer info;
    Real work[size(A, 1)];
  algorithm
    (inv, ipiv, info) := factor(inv);
    (inv, info) := invert(inv, ipiv);
  end inverse;
  function factor
    input Real A[:, :];
    output Real LU[size(A, 1), size(A, 2)] = A;
    output Integer ipiv[min(size(A, 1), size(A, 2))];
    output Integer info;
    external "FORTRAN 77" dgetrf(size(A, 1), size(A, 2), LU, size(A, 1), ipiv, info)
      annotation(Library = "lapack");
  end factor;
  function invert
    input Real LU[:, size(LU, 1)];
    input Integer ipiv[size(LU, 1)];
    output Real inv[size(LU, 1), size(LU, 1)] = LU;
    output Integer info;
  protected
    Real work[size(LU, 1)];
    external "FORTRAN 77" dgetri(size(LU, 1), inv, size(LU, 1), ipiv, work, size(LU, 1), info)
      annotation(Library = "lapack");
  end invert;
  constant Real xc[3] = solve([1, 2, 0; 0, 1, 3; 4, 0, 1], {1, 2, 3});
  constant Real invc[3, 3] = inverse([1, 2, 0; 0, 1, 3; 4, 0, 1]);
  parameter Real A[3, 3] = [1, 2, 0; 0, 1, 3; 4, 0, 1];
  Real x[3];
  Integer info;
  Real inv[3, 3] = inverse(A * (1 + time));
equation
  (x, info) = solve(A, {1, 2, 3} * (1 + time));
end Solve;
)mo";

TEST(FortranExternal, LapackSolvesAndInvertsAtTranslationAndInTheFmu) {
  std::string fmu = compileModel(writeScratchModel("Solve.mo", kSolveModel), "Solve.fmu");
  SimulationResult r = simulateOk(simulationOf(fmu, 1, 0.5, true));
  const double x[3] = {0.6, 0.2, 0.6};
  const double inv[3][3] = {{1, -2, 6}, {12, 1, -3}, {-4, 8, 1}};
  for (int i = 0; i < 3; ++i) {
    const std::string k = std::to_string(i + 1);
    EXPECT_NEAR(valueAt(r, "xc[" + k + "]", 0), x[i], 1e-15) << k;
    // b (1 + t) on the right: x (1 + t).
    for (double t : {0.0, 1.0}) EXPECT_NEAR(valueAt(r, "x[" + k + "]", t), x[i] * (1 + t), 1e-15) << k << " " << t;
    for (int j = 0; j < 3; ++j) {
      const std::string kj = "[" + k + "," + std::to_string(j + 1) + "]";
      EXPECT_NEAR(valueAt(r, "invc" + kj, 0), inv[i][j] / 25, 1e-15) << kj;
      // inv(2 A) = inv(A) / 2 at t = 1.
      EXPECT_NEAR(valueAt(r, "inv" + kj, 1), inv[i][j] / 50, 1e-15) << kj;
    }
  }
  EXPECT_EQ(valueAt(r, "info", 1), 0);
}

// An illegal argument makes LAPACK call its error handler (xerbla), which
// must end the call with the routine's message, never stop the process:
// at translation a located error, in the FMU fmi2Error.
// dgesv with its order n given by the caller.
const char* kSolveOfOrder = R"mo(
  function solve
    input Integer n;
    input Real A[2, 2];
    input Real b[2];
    output Real x[2] = b;
    output Integer info;
  protected
    Real Awork[2, 2] = A;
    Integer ipiv[2];
    external "FORTRAN 77" dgesv(n, 1, Awork, 2, ipiv, x, 2, info) annotation(Library = "lapack");
  end solve;
)mo";

TEST(FortranExternal, AnIllegalArgumentFailsTheCallWithLapacksMessage) {
  std::string model = writeScratchModel("BadOrder.mo", std::string("model BadOrder") + kSolveOfOrder + R"mo(
  constant Real x[2] = solve(-1, [1, 0; 0, 1], {1, 2});
end BadOrder;
)mo");
  std::string d = compileErrors(model);
  EXPECT_TRUE(has(d, "BadOrder.mo:11:5: error: calling 'BadOrder.solve' at translation: ModelicaError: DGESV : "
                     "parameter 1 had an illegal value (LAPACK)"))
      << d;

  std::string runtime = writeScratchModel("BadOrderRun.mo", std::string("model BadOrderRun") + kSolveOfOrder + R"mo(
  Integer n = if time < 0.5 then 2 else -1;
  Real x[2];
  Integer info;
equation
  (x, info) = solve(n, [1, 0; 0, 1], {1, 2});
end BadOrderRun;
)mo");
  std::string error = smc::test::simulateError(simulationOf(compileModel(runtime, "BadOrderRun.fmu"), 1, 0.25, true));
  EXPECT_TRUE(has(error, "DGESV : parameter 1 had an illegal value (LAPACK)")) << error;
}

// The MSL's Modelica.Math.Matrices on LAPACK: eigenvalues through dgeev,
// whose job arguments are the Strings "N" and "V" (their lengths passed
// last), and least squares through dgelsy. The eigenvalues of
// [2, 1; 1, 2] are 1 and 3; fitting a + b t to (0, 1), (1, 2), (2, 4)
// gives b = 3/2 and a = 5/6.
TEST(FortranExternal, MslMatrixFunctionsRunOnLapack) {
  std::string model = writeScratchModel("MslMatrices.mo", R"mo(model MslMatrices
  constant Real ev[2, 2] = Modelica.Math.Matrices.eigenValues([2, 1; 1, 2]);
  Real ls[2] = Modelica.Math.Matrices.leastSquares([1, 0; 1, 1; 1, 2], {1, 2, 4} * (1 + time));
  Real d = Modelica.Math.Matrices.det([1, 2, 0; 0, 1, 3; 4, 0, 1] * (1 + time));
end MslMatrices;
)mo");
  std::string fmu = compileModel(model, "MslMatrices.fmu", [](smc::CompileOptions& o) {
    o.libraryPaths.push_back(std::string(SMC_SHARED_MODELS) + "/../msl");
  });
  SimulationResult r = simulateOk(simulationOf(fmu, 1, 0.5, true));
  const double first = valueAt(r, "ev[1,1]", 0), second = valueAt(r, "ev[2,1]", 0);
  EXPECT_NEAR(std::min(first, second), 1, 1e-14);
  EXPECT_NEAR(std::max(first, second), 3, 1e-14);
  EXPECT_EQ(valueAt(r, "ev[1,2]", 0), 0);
  EXPECT_NEAR(valueAt(r, "ls[1]", 0), 5.0 / 6, 1e-14);
  EXPECT_NEAR(valueAt(r, "ls[2]", 1), 3, 1e-14);
  EXPECT_NEAR(valueAt(r, "d", 0), 25, 1e-13);
  EXPECT_NEAR(valueAt(r, "d", 1), 200, 1e-12);
}

}  // namespace
