model SampledCounter "Counts the ticks of sample(0.5, 0.25) and remembers when the last one was"
  output Integer count(start = 0, fixed = true) "ticks so far";
  output Real last(start = -1, fixed = true) "time of the latest tick";
equation
  when sample(0.5, 0.25) then
    count = pre(count) + 1;
    last = time;
  end when;
  annotation(experiment(StartTime = 0, StopTime = 2, Interval = 0.125));
end SampledCounter;
