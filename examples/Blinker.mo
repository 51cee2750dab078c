model Blinker
  "A lamp on a 0.1 s clock: off for 3 ticks, on for 5 (delayed transitions), until a stop request"
  inner Boolean lamp(start = false);
  block On
    outer output Boolean lamp;
  equation
    lamp = true;
  end On;
  block Off
    outer output Boolean lamp;
  equation
    lamp = false;
  end Off;
  block Stopped
    outer output Boolean lamp;
  equation
    lamp = false;
  end Stopped;
  On on;
  Off off;
  Stopped stopped;
  Boolean stop = sample(time >= 3, Clock(1, 10));
  output Boolean light = lamp;
equation
  initialState(off);
  transition(off, on, ticksInState() >= 3, immediate = false);
  transition(on, off, ticksInState() >= 5, immediate = false, priority = 2);
  transition(on, stopped, stop, priority = 1);
  annotation(experiment(StartTime = 0, StopTime = 4, Interval = 0.1));
end Blinker;
