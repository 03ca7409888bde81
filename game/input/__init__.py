"""Input: pygame events -> (device, Intent) -> seat. Pads keyed by SDL instance_id."""
