model ClockedCounter
  "The smallest pure clocked model: no continuous states, one Integer counting the ticks of a 10 ms clock. Its fmi2DoStep of one clock period is the FMU's fixed cost per step and per clock tick."
  Clock clk = Clock(1, 100) "ticks every 10 ms";
  output Integer count(start = 0) "ticks so far";
equation
  when clk then
    count = previous(count) + 1;
  end when;
  annotation(experiment(StartTime = 0, StopTime = 1, Interval = 0.01));
end ClockedCounter;
