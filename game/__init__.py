"""Secret Salon: five hidden-identity party games for one TV and a sofa of gamepads."""

__version__ = "0.1.0"
