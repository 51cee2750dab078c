model TwoClocks
  "Two unrelated base clocks; noClock reads the other partition's latest value"
  Integer a(start = 0) "ticks of a 0.3 s clock";
  Integer b(start = 0) "ticks of a 0.5 s clock";
  Integer seen(start = -1) "a as seen at the 0.5 s ticks";
equation
  when Clock(0.3) then
    a = previous(a) + 1;
  end when;
  when Clock(0.5) then
    b = previous(b) + 1;
    seen = noClock(a);
  end when;
  annotation(experiment(StartTime = 0, StopTime = 1.4, Interval = 0.1));
end TwoClocks;
