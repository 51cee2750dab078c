model LinearLoop "Two algebraic unknowns coupled linearly, solved directly by LU"
  Real x(start = 1, fixed = true) "x = exp(-t)";
  Real a "(x + 2) / 7";
  Real b "(3 x - 1) / 7";
  output Real sum = a + b;
equation
  der(x) = -x;
  a + 2 * b = x;
  3 * a - b = 1;
  annotation(experiment(StartTime = 0, StopTime = 2, Interval = 0.1, Tolerance = 1e-10));
end LinearLoop;
