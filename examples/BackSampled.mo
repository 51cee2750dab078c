model BackSampled
  "shiftSample and backSample of a rational clock: ticks at 0, 0.3, ...; 0.2, 0.5, ...; 0.1, 0.4, ..."
  Clock base = Clock(3, 10);
  Real x "time sampled at the base ticks";
  Real shifted "x delayed by 2/3 of an interval";
  Real back "shifted moved back by 1/3 of an interval";
  Integer n(start = 0) "ticks of the back-sampled clock";
equation
  x = sample(time, base);
  shifted = shiftSample(x, 2, 3);
  back = backSample(shifted, 1, 3);
  when backSample(shiftSample(base, 2, 3), 1, 3) then
    n = previous(n) + 1;
  end when;
  annotation(experiment(StartTime = 0, StopTime = 1.2, Interval = 0.1));
end BackSampled;
