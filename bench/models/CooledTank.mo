model CooledTank
  "The tank of examples/Tank.mo whose level heats a chain of n thermal masses: the same scenario tree, with periods that cost a solver a few hundred microseconds, for the distributed explore benchmark (bench/explore_scaling.py)"
  input Real inflow(start = 0) "m3/s";
  input Boolean valveOpen(start = false) "drains 0.25 m3/s when open";
  parameter Integer n = 100 "thermal masses in the chain";
  Real level(start = 1, fixed = true) "m";
  Real T[n](each start = 300, each fixed = true) "K";
equation
  der(level) = inflow - (if valveOpen then 0.25 else 0);
  der(T[1]) = 290 + 10 * level - T[1];
  for i in 2:n loop
    der(T[i]) = 5 * (T[i - 1] - T[i]);
  end for;
  annotation(experiment(StartTime = 0, StopTime = 10, Tolerance = 1e-8));
end CooledTank;
