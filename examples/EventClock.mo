model EventClock
  "An event clock that ticks when a sine wave rises through 0.5: at t = 1/12 + k"
  constant Real pi = 3.141592653589793;
  Clock rising = Clock(sin(2*pi*time) > 0.5, 0.25);
  Integer n(start = 0) "ticks so far";
  Real lastTick(start = -1) "time of the latest tick";
  Real dt "interval(): 0.25 at the first tick, then 1";
equation
  when rising then
    n = previous(n) + 1;
    lastTick = sample(time);
    dt = interval();
  end when;
  annotation(experiment(StartTime = 0, StopTime = 3, Interval = 0.05));
end EventClock;
