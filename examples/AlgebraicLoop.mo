model AlgebraicLoop "A state driving a nonlinear algebraic loop: y + exp(y/10) = x"
  parameter Real tau = 2 "time constant";
  Real x(start = 5, fixed = true) "state";
  Real y "solves a nonlinear equation coupled to z";
  Real z "couples back into y";
  output Real out = y + z;
equation
  tau * der(x) = 1 - x;
  y + exp(z / 10) = x;
  z = 2 * y;
  annotation(experiment(StartTime = 0, StopTime = 5, Interval = 0.05, Tolerance = 1e-8));
end AlgebraicLoop;
