model FastClock
  "A discrete low-pass filter on a 1 ms clock, fed by a sampled sine: the clocked benchmark"
  constant Real pi = 3.141592653589793;
  parameter Real alpha = 0.01;
  Real u "sampled input";
  Real y(start = 0) "filtered value";
  output Real yc = hold(y);
equation
  u = sample(sin(2*pi*time), Clock(1, 1000));
  y = previous(y) + alpha*(u - previous(y));
  annotation(experiment(StartTime = 0, StopTime = 100, Interval = 0.1));
end FastClock;
