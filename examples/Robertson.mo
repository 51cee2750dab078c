model Robertson "Robertson's stiff chemical kinetics (three species, rates 0.04, 1e4, 3e7)"
  Real y1(start = 1, fixed = true);
  Real y2(start = 0, fixed = true);
  Real y3(start = 0, fixed = true);
  output Real total = y1 + y2 + y3 "conserved: 1";
equation
  der(y1) = -0.04 * y1 + 1e4 * y2 * y3;
  der(y2) = 0.04 * y1 - 1e4 * y2 * y3 - 3e7 * y2^2;
  der(y3) = 3e7 * y2^2;
  annotation(experiment(StartTime = 0, StopTime = 40, Interval = 0.4, Tolerance = 1e-8));
end Robertson;
