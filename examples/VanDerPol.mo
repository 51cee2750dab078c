model VanDerPol "Van der Pol oscillator: a stiff-ish nonlinear limit cycle"
  parameter Real mu = 1 "nonlinearity and damping strength";
  Real x(start = 2, fixed = true) "position";
  Real y(start = 0, fixed = true) "velocity";
  output Real position = x;
equation
  der(x) = y;
  der(y) = mu * (1 - x^2) * y - x;
  annotation(experiment(StartTime = 0, StopTime = 20, Interval = 0.02, Tolerance = 1e-8));
end VanDerPol;
