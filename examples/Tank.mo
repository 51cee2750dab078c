// A tank for `smc explore` (see README.md): each period the master chooses
// the inflow (0 or 1 m3/s) and whether the drain valve (0.25 m3/s) is
// open, so the level changes by 0, -0.25, +1 or +0.75 per period of 1 s
// (up to the solver's tolerance).
model Tank
  input Real inflow(start = 0);
  input Boolean valveOpen(start = false);
  Real level(start = 1, fixed = true);
equation
  der(level) = inflow - (if valveOpen then 0.25 else 0);
  annotation(experiment(StartTime = 0, StopTime = 4));
end Tank;
